"""Expedition to 5X: 3–5 clans, 15 rounds, simultaneous action choice, auctions and technology tableaus."""
