# Checks that a request came through the Agler platform: every call it forwards to your interface's server
# carries agler-* headers signed with the interface's forwarding secret (Standard Webhooks v1 over the
# request). Python 3.8 or later, standard library only.
import base64
import binascii
import hashlib
import hmac
import re
import time

# How far agler-timestamp may be from your clock, in seconds.
TOLERANCE_SECONDS = 5 * 60


def verify_forwarded(secrets, method, path_with_query, headers, body, now=None):
    """secrets: the interface's forwarding secrets ("whsec_..."); during a rotation's grace, the new one and the old one.
    method, path_with_query: as on the request line (the path with its query exactly as received).
    headers: a mapping with lower-case names; body: the body's raw bytes; now: the current time in seconds.
    Answers True when one of the signatures is the platform's and the timestamp is within the tolerance."""
    request_id = headers.get("agler-request-id")
    timestamp = headers.get("agler-timestamp")
    signatures = headers.get("agler-signature")
    if not request_id or not timestamp or not signatures or not re.fullmatch(r"[0-9]+", timestamp):
        return False
    if abs((time.time() if now is None else now) - int(timestamp)) > TOLERANCE_SECONDS:
        return False
    body_hash = hashlib.sha256(body or b"").hexdigest()
    signed = f"{request_id}.{timestamp}.{method.upper()}.{path_with_query}.{body_hash}".encode()
    sent = []
    for entry in signatures.split(" "):
        if entry.startswith("v1,"):
            try:
                sent.append(base64.b64decode(entry[3:], validate=True))
            except binascii.Error:
                pass
    for secret in secrets:
        key = base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)
        expected = hmac.new(key, signed, hashlib.sha256).digest()
        if any(hmac.compare_digest(mac, expected) for mac in sent):
            return True
    return False
