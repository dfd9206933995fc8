from django.contrib.auth import views as auth_views
from django.urls import path

from guerra.game.views import accounts as views_accounts
from guerra.game.views import attack as views_attack
from guerra.game.views import lobby as views
from guerra.game.views import parts as views_live
from guerra.game.views import play as views_play
from guerra.game.views import reports as views_reports
from guerra.game.views import rules as views_rules

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("come-si-gioca/", views_rules.rules_page, name="rules_page"),
    path("come-si-gioca/diagramma/<slug:procedure>/", views_rules.rules_flowchart,
         name="rules_flowchart"),
    path("account/registrati/", views_accounts.signup, name="signup"),
    path("account/accedi/", auth_views.LoginView.as_view(), name="login"),
    path("account/esci/", auth_views.LogoutView.as_view(), name="logout"),
    path("partite/nuova/", views.game_new, name="game_new"),
    path("partite/<int:game_id>/", views.game_page, name="game_board"),
    path("partite/<int:game_id>/entra/", views.game_join, name="game_join"),
    path("partite/<int:game_id>/lascia/", views.game_leave, name="game_leave"),
    path("partite/<int:game_id>/inizia/", views.game_start, name="game_start"),
    path("invito/<str:token>/", views.game_invite, name="game_invite"),
    # Live page parts and negotiation (views_live).
    path("partite/<int:game_id>/tavolo/", views_live.board_part, name="game_board_part"),
    path("partite/<int:game_id>/regioni/", views_live.regions_part, name="game_regions_part"),
    path("partite/<int:game_id>/registro/", views_live.log_part, name="game_log_part"),
    path(
        "partite/<int:game_id>/negoziazione/",
        views_live.negotiation_part,
        name="game_negotiation_part",
    ),
    # An alliance's chat of the current war; and of a named war, which a page uses, so that a
    # page left open across a war's end still reads its old alliance's chat (now history).
    path(
        "partite/<int:game_id>/chat/alleanza/<int:side>/",
        views_live.alliance_chat,
        name="game_chat_alliance",
    ),
    path(
        "partite/<int:game_id>/chat/alleanza/<int:war>/<int:side>/",
        views_live.alliance_chat,
        name="game_chat_alliance_war",
    ),
    path(
        "partite/<int:game_id>/chat/privata/",
        views_live.contacts_part,
        name="game_chat_contacts",
    ),
    path(
        "partite/<int:game_id>/chat/privata/<int:seat_id>/",
        views_live.private_chat,
        name="game_chat_private",
    ),
    path("partite/<int:game_id>/staff/correggi/", views_live.staff_correct, name="game_correct"),
    # The phases: setup, auction, turns (views_play).
    path("partite/<int:game_id>/turno/", views_play.phase_part, name="game_turn_part"),
    path("partite/<int:game_id>/piazza/", views_play.place, name="unit_place"),
    path("partite/<int:game_id>/asta/proponi/", views_play.propose, name="auction_propose"),
    path("partite/<int:game_id>/asta/rilancia/", views_play.raise_bid, name="auction_raise"),
    path("partite/<int:game_id>/asta/passo/", views_play.call_pass, name="auction_pass"),
    path("partite/<int:game_id>/asta/anteprima/", views_play.bid_preview, name="bid_preview"),
    path("partite/<int:game_id>/costruisci/", views_play.build, name="unit_build"),
    path("partite/<int:game_id>/muovi/", views_play.move, name="units_move"),
    path("partite/<int:game_id>/passa/", views_play.pass_action, name="turn_pass"),
    path("partite/<int:game_id>/tessera/", views_play.take_tile, name="tile_take"),
    path("partite/<int:game_id>/colonizza/", views_play.colonise, name="counter_colonise"),
    path("partite/<int:game_id>/commercia/", views_play.trade, name="counter_trade"),
    path("partite/<int:game_id>/tasse/", views_play.tax, name="gold_tax"),
    path("partite/<int:game_id>/oro/", views_play.transfer, name="gold_transfer"),
    path("partite/<int:game_id>/ministero/", views_play.play_tile, name="tile_play"),
    # Reports (views_reports).
    path("partite/<int:game_id>/mercato/", views_reports.tile_market, name="tile_market"),
    path(
        "partite/<int:game_id>/guerre/<int:war>/",
        views_reports.war_end_report,
        name="war_report",
    ),
    path("partite/<int:game_id>/classifica/", views_reports.standings, name="game_standings"),
    # Attacks (views_attack).
    path("partite/<int:game_id>/attacco/", views_attack.declare_panel, name="attack_declare_panel"),
    path("partite/<int:game_id>/attacco/dichiara/", views_attack.declare, name="attack_declare"),
    path("partite/<int:game_id>/attacchi/", views_attack.attack_list, name="attack_list"),
    path(
        "partite/<int:game_id>/attacchi/<int:number>/",
        views_attack.attack_page,
        name="attack_page",
    ),
    path(
        "partite/<int:game_id>/attacchi/<int:number>/pannello/",
        views_attack.attack_panel,
        name="attack_panel",
    ),
    path(
        "partite/<int:game_id>/attacchi/<int:number>/decidi/",
        views_attack.attack_decide,
        name="attack_decide",
    ),
    path("partite/<int:game_id>/dadi/", views_attack.dice_check, name="dice_check"),
    path("partite/<int:game_id>/inviti/", views_attack.ally_prompts_part, name="ally_prompts_part"),
    path(
        "partite/<int:game_id>/inviti/alleanza/",
        views_attack.alliance_invitations_part,
        name="alliance_invitations_part",
    ),
    path("partite/<int:game_id>/termina/", views_attack.game_end, name="game_end"),
]
