""""punti": attack points against the best defence, damage, retreat, counter-attack."""
