"""/favicon.ico, asked for by browsers whatever the pages link, is the site's icon."""

from django.contrib.staticfiles import finders
from django.templatetags.static import static


def test_favicon_ico_leads_to_the_site_s_icon(client, db):
    response = client.get("/favicon.ico")
    assert response.status_code == 302  # not permanent: the icon's address carries its hash
    assert response["Location"] == static("img/favicon.svg")
    assert "max-age=86400" in response["Cache-Control"]
    assert finders.find("img/favicon.svg")
    assert client.post("/favicon.ico").status_code == 405
