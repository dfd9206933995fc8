"""The site's pages, by the module of guerra/game/views that answers each."""

from django.contrib.auth import views as auth_views
from django.urls import path

from guerra.game.views import (
    accounts,
    attack,
    computer,
    lobby,
    my_games,
    notices,
    parts,
    play,
    reports,
    rules,
)

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("come-si-gioca/", rules.rules_page, name="rules_page"),
    path("come-si-gioca/diagramma/<slug:procedure>/", rules.rules_flowchart,
         name="rules_flowchart"),
    path("account/registrati/", accounts.signup, name="signup"),
    path("account/accedi/", auth_views.LoginView.as_view(), name="login"),
    path("account/esci/", auth_views.LogoutView.as_view(), name="logout"),
    # E-mail notices (notices.py): the page, and the two links of the messages.
    path("account/notifiche/", notices.notices, name="notices"),
    path("account/notifiche/indirizzo/", notices.notices_address, name="notices_address"),
    path("account/notifiche/conferma/<str:token>/", notices.notices_confirm,
         name="notices_confirm"),
    path("account/notifiche/disiscriviti/<str:token>/", notices.notices_unsubscribe_view,
         name="notices_unsubscribe"),
    path("partite/nuova/", lobby.game_new, name="game_new"),
    path("partite/mie/", my_games.my_games_page, name="my_games"),
    path("partite/mie/elenco/", my_games.my_games_part, name="my_games_part"),
    path("partite/<int:game_id>/", lobby.game_page, name="game_board"),
    path("partite/<int:game_id>/entra/", lobby.game_join, name="game_join"),
    path("partite/<int:game_id>/lascia/", lobby.game_leave, name="game_leave"),
    path("partite/<int:game_id>/inizia/", lobby.game_start, name="game_start"),
    path("invito/<str:token>/", lobby.game_invite, name="game_invite"),
    # Computer players (computer.py).
    path("partite/contro-il-computer/", computer.against_computer, name="game_against_computer"),
    path("partite/<int:game_id>/computer/", computer.bot_add, name="game_bot_add"),
    path("partite/<int:game_id>/computer/<int:seat_id>/togli/", computer.bot_remove,
         name="game_bot_remove"),
    path("partite/<int:game_id>/posti/", parts.seat_tools_part, name="seat_tools_part"),
    path("partite/<int:game_id>/posti/<int:seat_id>/al-computer/", computer.hand_over,
         name="seat_hand_over"),
    path("partite/<int:game_id>/posti/<int:seat_id>/riprendi/", computer.take_back,
         name="seat_take_back"),
    # Live page parts and negotiation (parts.py).
    path("partite/<int:game_id>/tavolo/", parts.board_part, name="game_board_part"),
    path("partite/<int:game_id>/regioni/", parts.regions_part, name="game_regions_part"),
    path("partite/<int:game_id>/registro/", parts.log_part, name="game_log_part"),
    path("partite/<int:game_id>/spettatori/", parts.watchers_part, name="game_watchers_part"),
    path(
        "partite/<int:game_id>/negoziazione/",
        parts.negotiation_part,
        name="game_negotiation_part",
    ),
    # An alliance's chat of the current war; and of a named war, which a page uses, so that a
    # page left open across a war's end still reads its old alliance's chat (now history).
    path(
        "partite/<int:game_id>/chat/alleanza/<int:side>/",
        parts.alliance_chat,
        name="game_chat_alliance",
    ),
    path(
        "partite/<int:game_id>/chat/alleanza/<int:war>/<int:side>/",
        parts.alliance_chat,
        name="game_chat_alliance_war",
    ),
    path(
        "partite/<int:game_id>/chat/privata/",
        parts.contacts_part,
        name="game_chat_contacts",
    ),
    path(
        "partite/<int:game_id>/chat/privata/<int:seat_id>/",
        parts.private_chat,
        name="game_chat_private",
    ),
    path("partite/<int:game_id>/staff/correggi/", parts.staff_correct, name="game_correct"),
    # The phases: setup, auction, turns (play.py).
    path("partite/<int:game_id>/turno/", play.phase_part, name="game_turn_part"),
    path("partite/<int:game_id>/aspetta/", my_games.awaits_part, name="game_awaits_part"),
    path("partite/<int:game_id>/piazza/", play.place, name="unit_place"),
    path("partite/<int:game_id>/asta/proponi/", play.propose, name="auction_propose"),
    path("partite/<int:game_id>/asta/rilancia/", play.raise_bid, name="auction_raise"),
    path("partite/<int:game_id>/asta/passo/", play.call_pass, name="auction_pass"),
    path("partite/<int:game_id>/asta/anteprima/", play.bid_preview, name="bid_preview"),
    path("partite/<int:game_id>/costruisci/", play.build, name="unit_build"),
    path("partite/<int:game_id>/muovi/", play.move, name="units_move"),
    path("partite/<int:game_id>/passa/", play.pass_action, name="turn_pass"),
    path("partite/<int:game_id>/tessera/", play.take_tile, name="tile_take"),
    path("partite/<int:game_id>/colonizza/", play.colonise, name="counter_colonise"),
    path("partite/<int:game_id>/commercia/", play.trade, name="counter_trade"),
    path("partite/<int:game_id>/tasse/", play.tax, name="gold_tax"),
    path("partite/<int:game_id>/oro/", play.transfer, name="gold_transfer"),
    path("partite/<int:game_id>/ministero/", play.play_tile, name="tile_play"),
    # Reports (reports.py).
    path("partite/<int:game_id>/mercato/", reports.tile_market, name="tile_market"),
    path(
        "partite/<int:game_id>/guerre/<int:war>/",
        reports.war_end_report,
        name="war_report",
    ),
    path("partite/<int:game_id>/classifica/", reports.standings, name="game_standings"),
    # Attacks (attack.py).
    path("partite/<int:game_id>/attacco/", attack.declare_panel, name="attack_declare_panel"),
    path("partite/<int:game_id>/attacco/dichiara/", attack.declare, name="attack_declare"),
    path("partite/<int:game_id>/attacchi/", attack.attack_list, name="attack_list"),
    path(
        "partite/<int:game_id>/attacchi/<int:number>/",
        attack.attack_page,
        name="attack_page",
    ),
    path(
        "partite/<int:game_id>/attacchi/<int:number>/pannello/",
        attack.attack_panel,
        name="attack_panel",
    ),
    path(
        "partite/<int:game_id>/attacchi/<int:number>/decidi/",
        attack.attack_decide,
        name="attack_decide",
    ),
    path("partite/<int:game_id>/dadi/", attack.dice_check, name="dice_check"),
    path("partite/<int:game_id>/inviti/", attack.ally_prompts_part, name="ally_prompts_part"),
    path(
        "partite/<int:game_id>/inviti/alleanza/",
        attack.alliance_invitations_part,
        name="alliance_invitations_part",
    ),
    path("partite/<int:game_id>/termina/", attack.game_end, name="game_end"),
]
