"""Test settings: the real settings, with a fast password hasher."""

from guerra.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
