"""Events numbered within their audience chain (chain_seq) instead of pointing to the previous
event of the chain by its game-wide seq (prev_seq), which told a reader how many events of
other chains fell in between."""

from django.db import migrations, models


def number_chains(apps, schema_editor):
    GameEvent = apps.get_model("game", "GameEvent")
    counters: dict[tuple, int] = {}
    changed = []
    for event in GameEvent.objects.order_by("game_id", "seq").iterator():
        if event.visibility == "alliance":
            chain = (event.game_id, "alliance", event.war, event.side)
        elif event.visibility == "power":
            chain = (event.game_id, "power", event.seat_id)
        else:
            chain = (event.game_id, "all")
        counters[chain] = counters.get(chain, 0) + 1
        event.chain_seq = counters[chain]
        changed.append(event)
    GameEvent.objects.bulk_update(changed, ["chain_seq"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ("game", "0005_whole_game"),
    ]

    operations = [
        migrations.AddField(
            model_name="gameevent",
            name="chain_seq",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(number_chains, migrations.RunPython.noop, elidable=True),
        migrations.RemoveField(
            model_name="gameevent",
            name="prev_seq",
        ),
        migrations.AddConstraint(
            model_name="gameevent",
            constraint=models.UniqueConstraint(
                condition=models.Q(("visibility", "all")),
                fields=("game", "chain_seq"),
                name="event_unique_public_chain_seq",
            ),
        ),
        migrations.AddConstraint(
            model_name="gameevent",
            constraint=models.UniqueConstraint(
                condition=models.Q(("visibility", "alliance")),
                fields=("game", "war", "side", "chain_seq"),
                name="event_unique_alliance_chain_seq",
            ),
        ),
        migrations.AddConstraint(
            model_name="gameevent",
            constraint=models.UniqueConstraint(
                condition=models.Q(("visibility", "power")),
                fields=("game", "seat", "chain_seq"),
                name="event_unique_power_chain_seq",
            ),
        ),
    ]
