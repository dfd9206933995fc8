from django.contrib.auth import views as auth_views
from django.urls import path

from . import views, views_attack, views_live

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("account/registrati/", views.signup, name="signup"),
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
        "partite/<int:game_id>/chat/alleanza/<int:side>/",
        views_live.alliance_chat,
        name="game_chat_alliance",
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
    # Attacks (views_attack).
    path("partite/<int:game_id>/turno/", views_attack.turn_part, name="game_turn_part"),
    path("partite/<int:game_id>/passa/", views_attack.turn_pass, name="turn_pass"),
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
