"""Play by email: read orders from an IMAP mailbox, answer them, deliver the outbox over SMTP, keep deadlines."""
