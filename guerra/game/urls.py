from django.contrib.auth import views as auth_views
from django.urls import path

from . import views

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
]
