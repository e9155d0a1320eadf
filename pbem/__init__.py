"""pbem: the play-by-email turn processor — everything that touches files, mail and people."""
