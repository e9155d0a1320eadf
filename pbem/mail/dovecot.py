"""A throwaway Dovecot IMAP server on loopback, for the mail tests and the bench.

It runs from a temporary folder with its own config, passwd-file users and Maildirs: as root (CI) its
processes drop to Debian's dovecot/dovenull users; as anyone else they run as that user.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

CONFIG = """\
base_dir = {dir}/run
state_dir = {dir}/state
log_path = {dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
{ssl}
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:~/Maildir
first_valid_uid = {uid}
last_valid_uid = {uid}
default_login_user = {login_user}
default_internal_user = {internal_user}
default_internal_group = {internal_group}
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {dir}/passwd
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={dir}/home/%u
}}
namespace inbox {{
  inbox = yes
  separator = /
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {ssl_port}
  }}
}}
service anvil {{
  chroot =
}}
service stats {{
  unix_listener stats-reader {{
    mode = 0666
  }}
  unix_listener stats-writer {{
    mode = 0666
  }}
}}
"""


class DovecotError(RuntimeError):
    """Dovecot is missing or would not start."""


def binary() -> str | None:
    """The dovecot program, if installed."""
    return shutil.which("dovecot") or next((p for p in ("/usr/sbin/dovecot", "/usr/local/sbin/dovecot") if os.path.exists(p)), None)


def free_port() -> int:
    """A TCP port on loopback that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LocalDovecot:
    """Start with `with LocalDovecot({"user": "password"}) as server:`; server.port is the IMAP port."""

    host = "127.0.0.1"

    def __init__(self, users: dict[str, str], *, tls: tuple[Path, Path] | None = None):
        self.users = users
        self.tls = tls  # (certificate, key): also offer STARTTLS on `port` and implicit TLS on `ssl_port`
        self.port = 0
        self.ssl_port = 0
        self.dir: Path | None = None
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> LocalDovecot:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _accounts(self) -> dict[str, str]:
        if os.getuid() != 0:
            me = pwd.getpwuid(os.getuid())
            return {"uid": str(me.pw_uid), "gid": str(me.pw_gid), "login_user": me.pw_name,
                    "internal_user": me.pw_name, "internal_group": _group_name(me.pw_gid)}
        # Dovecot refuses to run its login and mail processes as root.
        mail = _user("dovecot") or _user("nobody")
        login = _user("dovenull") or mail
        if mail is None or login is None:
            raise DovecotError("running as root, Dovecot needs a 'dovecot' or 'nobody' user to drop to")
        group = _group_name(mail.pw_gid)
        return {"uid": str(mail.pw_uid), "gid": str(mail.pw_gid), "login_user": login.pw_name,
                "internal_user": mail.pw_name, "internal_group": group}

    def start(self) -> None:
        """Write the config and users, start Dovecot in the foreground, and wait until it answers."""
        program = binary()
        if program is None:
            raise DovecotError("dovecot is not installed (Debian: apt-get install dovecot-imapd)")
        accounts = self._accounts()
        # Under /tmp rather than pytest's private folder: Dovecot's dropped-privilege processes must reach it.
        self.dir = Path(tempfile.mkdtemp(prefix="pbem-dovecot-"))
        os.chmod(self.dir, 0o755)
        for sub in ("run", "state", "home"):
            (self.dir / sub).mkdir()
        for user in self.users:
            (self.dir / "home" / user).mkdir()
        if os.getuid() == 0:
            for path in [self.dir / "home", *(self.dir / "home").iterdir()]:
                os.chown(path, int(accounts["uid"]), int(accounts["gid"]))
        (self.dir / "passwd").write_text("".join(f"{u}:{{PLAIN}}{p}\n" for u, p in self.users.items()), encoding="utf-8")
        self.port = free_port()
        self.ssl_port = free_port() if self.tls else 0
        ssl = f"ssl = yes\nssl_cert = <{self.tls[0]}\nssl_key = <{self.tls[1]}" if self.tls else "ssl = no"
        config = CONFIG.format(dir=self.dir, port=self.port, ssl_port=self.ssl_port, ssl=ssl, **accounts)
        (self.dir / "dovecot.conf").write_text(config, encoding="utf-8")
        self.process = subprocess.Popen(
            [program, "-F", "-c", str(self.dir / "dovecot.conf")],
            stdout=subprocess.DEVNULL, stderr=open(self.dir / "stderr.log", "wb"),  # open as long as the process runs
        )
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise DovecotError(f"dovecot exited at start: {self.log()}")
            try:
                with socket.create_connection((self.host, self.port), timeout=1) as sock:
                    if sock.recv(64).startswith(b"* OK"):
                        return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise DovecotError("dovecot did not answer within 15 s")

    def log(self) -> str:
        """What Dovecot logged, for a failing test."""
        if self.dir is None:
            return ""
        parts = [p.read_text(errors="replace") for p in (self.dir / "dovecot.log", self.dir / "stderr.log") if p.exists()]
        return "\n".join(parts)[-4000:]

    def stop(self) -> None:
        """Stop Dovecot and remove its folder."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        if self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None


def _user(name: str) -> pwd.struct_passwd | None:
    try:
        return pwd.getpwnam(name)
    except KeyError:
        return None


def _group_name(gid: int) -> str:
    import grp

    try:
        return grp.getgrgid(gid).gr_name
    except KeyError:
        return str(gid)
