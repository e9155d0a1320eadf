"""IMAP and SMTP over STARTTLS and SSL with a login, against Dovecot and aiosmtpd with a test certificate."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from pbem.mail import compose, imap, smtp
from pbem.mail import settings as mail_settings
from pbem.mail.dovecot import LocalDovecot, binary, free_port

from .conftest import Received, SmtpSink, _Handler
from .mails import order_mail

# Implicit TLS is TLS, but aiosmtpd only knows it for STARTTLS and warns.
pytestmark = [pytest.mark.mail, pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")]


@pytest.fixture()
def certificate(tmp_path: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (it is its own CA)."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: cannot make a test certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    return cert, key


def _authenticator(server: object, session: object, envelope: object, mechanism: str, auth_data: object) -> object:
    from aiosmtpd.smtp import AuthResult, LoginPassword

    ok = isinstance(auth_data, LoginPassword) and auth_data.login == b"pbem" and auth_data.password == b"smtp-pw"
    return AuthResult(success=ok, handled=False)  # handled=False: aiosmtpd answers 535 itself


@pytest.fixture(params=["starttls", "ssl"])
def tls_sink(request: pytest.FixtureRequest, certificate: tuple[Path, Path]) -> Iterator[tuple[str, SmtpSink]]:
    from aiosmtpd.controller import Controller

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(*certificate)
    sink = SmtpSink("127.0.0.1", free_port())
    # aiosmtpd offers AUTH on implicit TLS only when not told to wait for STARTTLS; LOGIN is left out
    # because after a refused PLAIN, smtplib's LOGIN attempt leaves aiosmtpd waiting.
    kwargs = ({"tls_context": context, "require_starttls": True, "auth_require_tls": True} if request.param == "starttls"
              else {"ssl_context": context, "auth_require_tls": False})
    controller = Controller(_Handler(sink), hostname=sink.host, port=sink.port, authenticator=_authenticator,
                            auth_required=True, auth_exclude_mechanism=["LOGIN"], **kwargs)
    controller.start()
    yield request.param, sink
    controller.stop()


def settings_for(root: Path, security: str, port: int, ca: Path) -> mail_settings.Settings:
    (root / "pbem.yaml").write_text(
        f"from: pbem@games.example\nsmtp:\n  host: 127.0.0.1\n  port: {port}\n  security: {security}\n"
        f"  user: pbem\n  password_env: PBEM_TEST_SMTP_PW\n  ca_file: {ca}\n  timeout: 5\n", encoding="utf-8")
    return mail_settings.load(root)


def test_login_over_tls_delivers(tmp_path: Path, tls_sink: tuple[str, SmtpSink], certificate: tuple[Path, Path],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    security, sink = tls_sink
    monkeypatch.setenv("PBEM_TEST_SMTP_PW", "smtp-pw")
    settings = settings_for(tmp_path, security, sink.port, certificate[0])
    msg = compose.build(settings, to=["anna@example.org"], subject="hello", text="hi\n", kind="test", message_id="<t1@games.example>")
    compose.queue(tmp_path / ".pbem" / "outbox", "t1", msg)
    result = smtp.send(tmp_path, settings)
    assert len(result.sent) == 1, result.failed
    assert isinstance(sink.received[0], Received) and sink.received[0].recipients == ["anna@example.org"]


def test_a_wrong_password_is_a_recorded_failure(tmp_path: Path, tls_sink: tuple[str, SmtpSink],
                                                certificate: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    security, sink = tls_sink
    monkeypatch.setenv("PBEM_TEST_SMTP_PW", "wrong")
    settings = settings_for(tmp_path, security, sink.port, certificate[0])
    msg = compose.build(settings, to=["anna@example.org"], subject="hello", text="hi\n", kind="test", message_id="<t2@games.example>")
    compose.queue(tmp_path / ".pbem" / "outbox", "t2", msg)
    result = smtp.send(tmp_path, settings)
    assert result.failed and "Authentication" in result.failed[0][1]
    assert sink.received == []


def test_an_untrusted_certificate_is_refused(tmp_path: Path, tls_sink: tuple[str, SmtpSink], monkeypatch: pytest.MonkeyPatch) -> None:
    security, sink = tls_sink
    monkeypatch.setenv("PBEM_TEST_SMTP_PW", "smtp-pw")
    (tmp_path / "pbem.yaml").write_text(
        f"from: pbem@games.example\nsmtp: {{host: 127.0.0.1, port: {sink.port}, security: {security}, user: pbem, "
        "password_env: PBEM_TEST_SMTP_PW}\n", encoding="utf-8")
    settings = mail_settings.load(tmp_path)
    msg = compose.build(settings, to=["anna@example.org"], subject="hello", text="hi\n", kind="test", message_id="<t3@games.example>")
    compose.queue(tmp_path / ".pbem" / "outbox", "t3", msg)
    result = smtp.send(tmp_path, settings)
    assert result.failed and "CERTIFICATE_VERIFY_FAILED" in result.failed[0][1]
    assert sink.received == []


@pytest.mark.parametrize("security", ["starttls", "ssl"])
def test_imap_over_tls_fetches(tmp_path: Path, certificate: tuple[Path, Path], security: str,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    if binary() is None:
        pytest.skip("dovecot is not installed (make test installs dovecot-imapd)")
    monkeypatch.setenv("PBEM_TEST_IMAP_PW", "imap-pw")
    with LocalDovecot({"pbem": "imap-pw"}, tls=certificate) as server:
        port = server.ssl_port if security == "ssl" else server.port
        (tmp_path / "pbem.yaml").write_text(
            f"from: pbem@games.example\nimap:\n  host: 127.0.0.1\n  port: {port}\n  security: {security}\n"
            f"  user: pbem\n  password_env: PBEM_TEST_IMAP_PW\n  ca_file: {certificate[0]}\n  timeout: 5\n", encoding="utf-8")
        settings = mail_settings.load(tmp_path)
        client = imap.connect(settings.imap)  # type: ignore[arg-type]
        client.append("INBOX", order_mail("hello, which game is this?").as_bytes())
        client.logout()
        result = imap.fetch(tmp_path, settings)
    assert [o.status for o in result.outcomes] == ["unroutable"]
