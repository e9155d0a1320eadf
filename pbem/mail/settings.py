"""Mail settings: `pbem.yaml` at the games' root (servers, folders, addresses); passwords never in it."""

from __future__ import annotations

import functools
import os
import re
import ssl
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from pbem.reports.config import ReportConfig
from pbem.yamlhelp import one_line, unknown_keys

SETTINGS_FILE = "pbem.yaml"
#: The keys pbem.yaml holds at its top level (docs/mail.md); any other is a typo pbem would otherwise ignore.
KEYS = ("from", "from_name", "moderator", "max_message_bytes", "max_attempts", "imap", "smtp", "site", "folders")
SECURITY = ("plain", "starttls", "ssl")
ADDRESS = re.compile(r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$")


class SettingsError(Exception):
    """pbem.yaml is missing, malformed or names a password that cannot be read."""


@functools.lru_cache(maxsize=8)
def _tls_context(cafile: str | None, version: tuple[int, int, int] | None) -> ssl.SSLContext:
    """One context for each CA file as it stands (`version`): loading the system's certificates took 25 ms for
    every connection, and a tick opens several. A context is made to be shared by many connections."""
    return ssl.create_default_context(cafile=cafile)


@dataclass(frozen=True)
class Server:
    """One mail server: where it is, how to secure the connection and how to log in."""

    host: str
    port: int
    security: str = "ssl"
    user: str | None = None
    password_env: str | None = None
    password_file: Path | None = None
    timeout: float = 30.0
    ca_file: Path | None = None

    def tls_context(self) -> ssl.SSLContext:
        """Certificate-checking TLS, trusting `ca_file` too when given (a self-run server's own CA)."""
        if self.ca_file is None:
            return _tls_context(None, None)
        try:
            info = self.ca_file.stat()
        except OSError:  # let ssl say what is wrong with the file, as it did before
            return ssl.create_default_context(cafile=str(self.ca_file))
        return _tls_context(str(self.ca_file), (info.st_ino, info.st_mtime_ns, info.st_size))

    def password(self) -> str | None:
        """The password from the environment variable or the file named in the settings."""
        if self.password_env:
            value = os.environ.get(self.password_env)
            if value is None:
                raise SettingsError(f"environment variable {self.password_env} (the password for {self.host}) is not set")
            return value
        if self.password_file is not None:
            try:
                return self.password_file.read_text(encoding="utf-8").strip()
            except OSError as exc:
                raise SettingsError(f"cannot read the password file {self.password_file}: {exc.strerror}") from None
        return None


@dataclass(frozen=True)
class Folders:
    """IMAP folders: where orders arrive and where handled mail is moved."""

    inbox: str = "INBOX"
    processed: str = "pbem/processed"
    rejected: str = "pbem/rejected"


@dataclass(frozen=True)
class Settings:
    """Everything pbem needs to read and send mail for the games under one root."""

    root: Path
    sender: str
    sender_name: str = "pbem"
    moderator: str | None = None
    imap: Server | None = None
    smtp: Server | None = None
    folders: Folders = field(default_factory=Folders)
    max_message_bytes: int = 10 * 1024 * 1024
    max_attempts: int = 10
    #: The published web archive (pbem site): its folder, rebuilt after each tick, and its public address.
    site_dir: Path | None = None
    site_url: str | None = None

    def report_config(self) -> ReportConfig:
        """The report settings for mail from these settings: pbem's address, and the archive's address."""
        return ReportConfig(sender=self.sender, site_url=self.site_url)

    @property
    def domain(self) -> str:
        """The domain of the sender address, used in Message-IDs."""
        return self.sender.rpartition("@")[2]


def _server(data: Any, where: str, root: Path, default_ports: dict[str, int]) -> Server | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise SettingsError(f"{where}: must be a mapping (host:, port:, security:, user:, password_env: …)")
    if "password" in data:
        raise SettingsError(f"{where}: a password must not be written in pbem.yaml; use password_env or password_file")
    _known(data, ("host", "port", "security", "user", "password_env", "password_file", "timeout", "ca_file"), where)
    security = str(data.get("security", "ssl"))
    if security not in SECURITY:
        raise SettingsError(f"{where}.security: {security!r} is not one of {', '.join(SECURITY)}")
    if not data.get("host"):
        raise SettingsError(f"{where}.host: missing")
    password_file = None
    if data.get("password_file"):
        password_file = Path(os.path.expanduser(str(data["password_file"])))
        if not password_file.is_absolute():
            password_file = root / password_file
        _refuse_in_game(password_file, root, f"{where}.password_file")
    try:
        port = int(data.get("port", default_ports[security]))
        timeout = float(data.get("timeout", 30))
    except (TypeError, ValueError):
        raise SettingsError(f"{where}: port and timeout must be numbers") from None
    return Server(
        host=str(data["host"]),
        port=port,
        security=security,
        user=str(data["user"]) if data.get("user") is not None else None,
        password_env=str(data["password_env"]) if data.get("password_env") else None,
        password_file=password_file,
        timeout=timeout,
        ca_file=Path(os.path.expanduser(str(data["ca_file"]))) if data.get("ca_file") else None,
    )


def _refuse_in_game(path: Path, root: Path, where: str) -> None:
    """A password file among the games would be archived and shared with them: refuse it."""
    resolved = path.resolve()
    for parent in [resolved, *resolved.parents]:
        if (parent / "game.yaml").is_file():
            raise SettingsError(f"{where}: {path} lies inside the game folder {parent}; keep passwords outside game folders")
    games = Path(root).resolve()
    if resolved == games or games in resolved.parents:
        raise SettingsError(f"{where}: {path} lies inside the games' folder {games}, which is kept and shared with the "
                            "games; keep passwords outside it (for example in ~/.config/pbem/)")


def _site(data: Any, root: Path) -> tuple[Path | None, str | None]:
    """The `site:` block: dir (where `pbem tick` writes the web archive) and url (its address, for the mail)."""
    if data is None:
        return None, None
    if not isinstance(data, dict):
        raise SettingsError("site: must be a mapping (dir:, url:)")
    _known(data, ("dir", "url"), "site")
    folder = Path(os.path.expanduser(str(data["dir"]))) if data.get("dir") else None
    if folder is not None and not folder.is_absolute():
        folder = root / folder
    url = str(data["url"]).strip() if data.get("url") else None
    if url is not None and not re.fullmatch(r"https?://[^\s<>\"']+", url):
        raise SettingsError(f"site.url: {url!r} is not an http(s) address")
    return folder, url


def _address(value: Any, where: str) -> str:
    text = str(value).strip()
    if not ADDRESS.match(text):
        raise SettingsError(f"{where}: {text!r} is not a mail address")
    return text


def load(root: Path, path: Path | None = None) -> Settings:
    """Read the settings of the games under `root` (default file: ROOT/pbem.yaml)."""
    root = Path(root)
    path = Path(path) if path is not None else root / SETTINGS_FILE
    try:
        data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SettingsError(f"{path}: no mail settings (see docs/mail.md for pbem.yaml)") from None
    except (OSError, YAMLError) as exc:
        raise SettingsError(f"{path}: cannot read: {one_line(exc)}") from None
    if not isinstance(data, dict):
        raise SettingsError(f"{path}: must be a mapping of settings")
    try:
        return _settings(data, root)
    except SettingsError as exc:
        raise SettingsError(f"{path}: {exc}") from None


def _settings(data: dict[Any, Any], root: Path) -> Settings:
    """The settings a parsed pbem.yaml holds; SettingsError naming the key that is wrong."""
    if "password" in data:
        raise SettingsError("a password must not be written in pbem.yaml; use password_env or password_file under "
                            "imap: or smtp:")
    _known(data, KEYS, "")
    if "from" not in data:
        raise SettingsError("missing 'from:' (the address pbem sends from and reads orders at)")
    folders = data.get("folders") or {}
    if not isinstance(folders, dict):
        raise SettingsError("folders: must be a mapping")
    _known(folders, tuple(Folders.__dataclass_fields__), "folders")
    site_dir, site_url = _site(data.get("site"), root)
    try:
        return Settings(
            root=root,
            sender=_address(data["from"], "from"),
            sender_name=str(data.get("from_name", "pbem")),
            moderator=_address(data["moderator"], "moderator") if data.get("moderator") else None,
            imap=_server(data.get("imap"), "imap", root, {"ssl": 993, "starttls": 143, "plain": 143}),
            smtp=_server(data.get("smtp"), "smtp", root, {"ssl": 465, "starttls": 587, "plain": 25}),
            folders=Folders(**{str(k): str(v) for k, v in folders.items()}),
            max_message_bytes=int(data.get("max_message_bytes", 10 * 1024 * 1024)),
            max_attempts=int(data.get("max_attempts", 10)),
            site_dir=site_dir,
            site_url=site_url,
        )
    except (TypeError, ValueError) as exc:
        raise SettingsError(str(exc)) from None


def _known(data: dict[Any, Any], keys: tuple[str, ...], where: str) -> None:
    """Refuse a key of `data` that is not one of `keys`, naming those there are (`where`: the block, "" the top)."""
    said = unknown_keys(data, keys)
    if said:
        raise SettingsError(f"{where}: {said}" if where else said)
