"""Play by email: read orders from an IMAP mailbox, answer them, deliver the outbox over SMTP, keep deadlines.

The modules, grouped by what they are (lowest first; tests/core/test_import_layers.py keeps the order):

- settings and bookkeeping: settings, headers, text, scrub, ratelimit, queue (the outbox's ledger), mailbox
  (what became of each received mail, the mail log), deadlines;
- what pbem sends: compose, report_message and report (the report mail), policy, due, tell, press, digest,
  notices;
- what a received mail means: message (parse), handle (route), reply, answer_orders, answer_requests,
  answer_unproven, answer_unrouted, requests, preferences, tomoderator;
- transport: imap, smtp, dovecot;
- on top: tick, and cli (`pbem mail …`); volume and bench measure mail through the command line.
"""
