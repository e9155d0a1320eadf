"""The mail figure for `make bench`: fetch and check 1,000 order mails from a local Dovecot.

Times are pbem's own CPU seconds: the server's work runs in its processes, and the wall clock of a shared machine
measures the other users too.
"""

from __future__ import annotations

import email.policy
import email.utils
import time
from collections import Counter
from email.message import EmailMessage
from pathlib import Path

from imapclient import IMAPClient

from engine import contract, registry
from engine.rng import Rng
from pbem.game_yaml import Seat
from pbem.mail import imap
from pbem.mail import settings as mail_settings
from pbem.mail.dovecot import LocalDovecot
from pbem.orders import dump_body, render
from pbem.store import GameDir, create

PASSWORD = "bench-password"


def _mails(gd: GameDir, tokens: dict[str, str], count: int) -> list[bytes]:
    """Order mails as players send them: valid orders from each seat owing one, and one in ten with a wrong token."""
    state = gd.state()
    owing = [p.seat for p in gd.game.prompts(state)]
    mails = []
    for index in range(count):
        seat = owing[index % len(owing)]
        order = gd.game.random_order(state, seat, Rng.for_step("bench", index, seat))
        token = tokens[seat] if index % 10 else "wrong-token"
        text = render({"game": gd.name, "seat": seat, "step": gd.current_step() + 1, "token": token}, dump_body(order))
        msg = EmailMessage()
        msg["From"] = f"{seat}@players.example"
        msg["To"] = "pbem@bench.example"
        msg["Subject"] = f"orders {index}"
        msg["Date"] = email.utils.formatdate()
        msg["Message-ID"] = f"<bench-{index}@players.example>"
        msg.set_content(text)
        mails.append(msg.as_bytes(policy=email.policy.SMTP))
    return mails


def measure(tmp: Path, count: int = 1000) -> dict[str, float | int | str]:
    """Seconds to fetch, store, check and answer `count` order mails; the mailbox is filled beforehand."""
    game = registry.first(lambda g: contract.bench(g).mail_intake)  # the game that offers to (Bench.mail_intake)
    game_id = game.id
    root = Path(tmp) / "mail-bench"
    root.mkdir(parents=True, exist_ok=True)
    players = max(game.player_counts.start, min(4, game.player_counts.stop - 1))
    seats = [Seat(f"p{i + 1}", f"p{i + 1}@players.example") for i in range(players)]
    gd, tokens = create(root / "bench", game_id, "bench", seats)
    with LocalDovecot({"pbem": PASSWORD}) as server:
        (root / "pbem.yaml").write_text(
            "from: pbem@bench.example\nmax_message_bytes: 1000000\nimap:\n  host: 127.0.0.1\n"
            f"  port: {server.port}\n  security: plain\n  user: pbem\n  password_file: {Path(tmp) / 'imap-password'}\n",
            encoding="utf-8",
        )
        (Path(tmp) / "imap-password").write_text(PASSWORD, encoding="utf-8")  # outside the games' folder, as required
        settings = mail_settings.load(root)
        mails = _mails(gd, tokens, count)
        client = IMAPClient(server.host, port=server.port, ssl=False)
        client.login("pbem", PASSWORD)
        started = time.process_time()
        for raw in mails:
            client.append("INBOX", raw)
        appended = time.process_time() - started
        client.logout()
        started = time.process_time()
        result = imap.fetch(root, settings)
        fetched = time.process_time() - started
    statuses = Counter(o.status for o in result.outcomes)
    return {
        "game": game_id,
        "mails": len(result.outcomes),
        "outcomes": ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())),
        "deliver into IMAP (setup, CPU)": appended,
        f"fetch and check {count} mails (CPU)": fetched,
        "per mail (CPU)": fetched / max(1, len(result.outcomes)),
    }


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory(prefix="pbem-mail-bench-") as folder:
        for key, value in measure(Path(folder)).items():
            print(f"{key:40} {value:.3f}" if isinstance(value, float) else f"{key:40} {value}")
