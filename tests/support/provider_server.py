#!/usr/bin/env python3
"""A model provider on 127.0.0.1 for tests: speaks OpenAI Responses, OpenAI Chat Completions and
Anthropic Messages, records every byte it receives, and injects faults.

Usage: provider_server.py --record DIR [--answer FILE]
Prints "PORT <n>" on stdout once it listens on an ephemeral port, then serves until killed.

The first path segment is the script of the attempts: a comma-separated list of faults, one per
attempt in order, the last one repeating. POST /500,ok/v1/responses answers 500 first, then a
good answer. The rest of the path selects the dialect by its ending: /responses,
/chat/completions or /v1/messages. Faults:
  ok             a good answer (the JSON in --answer, re-read at each request; default no findings)
  status-N       HTTP N with the dialect's error body; status-N-ra-S adds "Retry-After: S"
  quota          429 that needs a human (insufficient_quota / enforced_spend_limit_reached)
  slow-MS        a good answer after MS milliseconds
  truncated      announces more body bytes than it sends, then closes the connection
  malformed      200 with a body that is not JSON
  badschema      a good response whose answer breaks the findings schema
  refusal        the model refuses
  incomplete     cut short (status incomplete / finish_reason length / stop_reason max_tokens)
  nousage        a good answer without usage
  big            a good answer padded past 8 MiB
  hostile-ids    a good answer whose model id holds terminal control and whose request-id
                 header holds a byte that is not UTF-8
Each request is written to DIR/NNNN.raw, byte for byte as received (request line, headers, body),
and the client's port to DIR/NNNN.peer (two requests on one connection share it).
"""
import argparse
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Tee:
    """Wraps the socket reader and keeps a copy of every byte read."""

    def __init__(self, inner):
        self.inner = inner
        self.seen = bytearray()

    def read(self, *args):
        data = self.inner.read(*args)
        self.seen += data
        return data

    def readline(self, *args):
        data = self.inner.readline(*args)
        self.seen += data
        return data

    def close(self):
        self.inner.close()


class State:
    def __init__(self, record_dir, answer_file):
        self.record_dir = record_dir
        self.answer_file = answer_file
        self.lock = threading.Lock()
        self.count = 0
        self.attempts = {}

    def next_attempt(self, script):
        with self.lock:
            n = self.attempts.get(script, 0)
            self.attempts[script] = n + 1
            return n

    def record(self, data, peer_port):
        with self.lock:
            self.count += 1
            n = self.count
        path = os.path.join(self.record_dir, "%04d.raw" % n)
        with open(path + ".tmp", "wb") as f:
            f.write(bytes(data))
        with open(os.path.join(self.record_dir, "%04d.peer" % n), "w") as f:
            f.write(str(peer_port))
        os.replace(path + ".tmp", path)
        return n

    def answer(self):
        if self.answer_file and os.path.exists(self.answer_file):
            with open(self.answer_file, "r", encoding="utf-8") as f:
                return json.loads(f.read())
        return {"findings": []}


def dialect_of(path):
    if path.endswith("/responses"):
        return "responses"
    if path.endswith("/chat/completions"):
        return "chat"
    if path.endswith("/v1/messages"):
        return "messages"
    return None


def good_body(dialect, answer, n, usage=True, mode="ok", tool="report_findings"):
    text = json.dumps(answer)
    if dialect == "responses":
        half = len(text) // 2
        body = {"id": "resp_%d" % n, "object": "response", "status": "completed", "error": None,
                "incomplete_details": None, "model": "test-model-2026",
                "output": [{"type": "reasoning", "id": "rs_1", "summary": []},
                           {"type": "message", "id": "msg_1", "status": "completed",
                            "role": "assistant",
                            "content": [{"type": "output_text", "text": text[:half], "annotations": []},
                                        {"type": "output_text", "text": text[half:], "annotations": []}]}],
                "usage": {"input_tokens": 1200, "input_tokens_details": {"cached_tokens": 0},
                          "output_tokens": 80, "output_tokens_details": {"reasoning_tokens": 0},
                          "total_tokens": 1280}}
        if mode == "refusal":
            body["output"][1]["content"] = [{"type": "refusal", "refusal": "I cannot help."}]
        if mode == "incomplete":
            body["status"] = "incomplete"
            body["incomplete_details"] = {"reason": "max_output_tokens"}
            body["output"][1]["content"] = [{"type": "output_text", "text": text[:5], "annotations": []}]
    elif dialect == "chat":
        message = {"role": "assistant", "content": text, "refusal": None, "annotations": []}
        finish = "stop"
        if mode == "refusal":
            message["content"] = None
            message["refusal"] = "I cannot help."
        if mode == "incomplete":
            message["content"] = text[:5]
            finish = "length"
        body = {"id": "chatcmpl-%d" % n, "object": "chat.completion", "created": 1741570283,
                "model": "test-model-2026",
                "choices": [{"index": 0, "finish_reason": finish, "logprobs": None,
                             "message": message}],
                "usage": {"prompt_tokens": 1200, "completion_tokens": 80, "total_tokens": 1280}}
    else:
        body = {"id": "msg_%d" % n, "type": "message", "role": "assistant",
                "model": "test-model-2026",
                "content": [{"type": "text", "text": "Here are the findings."},
                            {"type": "tool_use", "id": "toolu_1", "name": tool,
                             "input": answer}],
                "stop_reason": "tool_use", "stop_sequence": None,
                "usage": {"input_tokens": 1000, "output_tokens": 80,
                          "cache_creation_input_tokens": 150, "cache_read_input_tokens": 50}}
        if mode == "refusal":
            body["content"] = []
            body["stop_reason"] = "refusal"
        if mode == "incomplete":
            body["content"] = [{"type": "text", "text": "{\"find"}]
            body["stop_reason"] = "max_tokens"
    if not usage:
        del body["usage"]
    return body


def error_body(dialect, status, quota=False):
    if dialect == "messages":
        kinds = {400: "invalid_request_error", 401: "authentication_error", 402: "billing_error",
                 403: "permission_error", 404: "not_found_error", 429: "rate_limit_error",
                 500: "api_error", 504: "timeout_error", 529: "overloaded_error"}
        error = {"type": kinds.get(status, "api_error"), "message": "fault injected"}
        if quota:
            error["details"] = {"error_code": "enforced_spend_limit_reached"}
        return {"type": "error", "error": error, "request_id": "req_fault"}
    code = "insufficient_quota" if quota else {429: "rate_limit_exceeded", 401: "invalid_api_key"}.get(status)
    kind = "insufficient_quota" if quota else {401: "invalid_request_error", 429: "requests",
                                               503: "server_is_overloaded"}.get(status, "server_error")
    return {"error": {"message": "fault injected", "type": kind, "param": None, "code": code}}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    state = None

    def setup(self):
        super().setup()
        self.rfile = Tee(self.rfile)

    def log_message(self, *args):
        pass

    def handle_one_request(self):
        self.rfile.seen = bytearray()
        super().handle_one_request()

    def send(self, status, body_bytes, headers=(), declared_length=None):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(declared_length if declared_length is not None else len(body_bytes)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body_bytes)
        self.wfile.flush()

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        request_bytes = self.rfile.read(length)
        try:
            self.tool = json.loads(request_bytes)["tool_choice"]["name"]
        except (ValueError, KeyError, TypeError):
            self.tool = "report_findings"
        n = self.state.record(self.rfile.seen, self.client_address[1])
        parts = self.path.split("/")
        script = parts[1] if len(parts) > 1 else ""
        dialect = dialect_of(self.path)
        if dialect is None:
            self.send(404, b'{"error":{"message":"no such path","type":"not_found","param":null,"code":null}}')
            return
        faults = script.split(",")
        attempt = self.state.next_attempt(script)
        fault = faults[min(attempt, len(faults) - 1)]
        rid = [("request-id" if dialect == "messages" else "x-request-id", "req_%04d" % n)]
        answer = self.state.answer()
        try:
            self.serve_fault(fault, dialect, answer, n, rid)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def serve_fault(self, fault, dialect, answer, n, rid):
        def good(mode="ok", usage=True, ans=answer):
            return json.dumps(good_body(dialect, ans, n, usage=usage, mode=mode, tool=self.tool)).encode()

        if fault == "ok":
            self.send(200, good(), rid)
        elif fault.startswith("status-"):
            bits = fault.split("-")
            status = int(bits[1])
            headers = list(rid)
            if len(bits) == 4 and bits[2] == "ra":
                headers.append(("Retry-After", bits[3]))
            self.send(status, json.dumps(error_body(dialect, status)).encode(), headers)
        elif fault == "quota":
            self.send(429, json.dumps(error_body(dialect, 429, quota=True)).encode(), rid)
        elif fault.startswith("slow-"):
            time.sleep(int(fault[5:]) / 1000.0)
            self.send(200, good(), rid)
        elif fault == "truncated":
            body = good()
            self.send(200, body[: len(body) // 2], rid, declared_length=len(body))
            self.close_connection = True
        elif fault == "malformed":
            self.send(200, b'{"id": "resp_1", "output": [{"type": "mess', rid)
        elif fault == "badschema":
            self.send(200, good(ans={"findings": [{"file": "a.py", "severity": "urgent"}]}), rid)
        elif fault in ("refusal", "incomplete"):
            self.send(200, good(mode=fault), rid)
        elif fault == "nousage":
            self.send(200, good(usage=False), rid)
        elif fault == "hostile-ids":
            body = good_body(dialect, answer, n, tool=self.tool)
            body["model"] = "m\u001b]0;x\u0007"
            header = "request-id" if dialect == "messages" else "x-request-id"
            self.send(200, json.dumps(body).encode(), [(header, "req\xff")])
        elif fault == "big":
            body = good_body(dialect, answer, n, tool=self.tool)
            body["padding"] = "x" * (9 << 20)
            self.send(200, json.dumps(body).encode(), rid)
        else:
            self.send(400, json.dumps(error_body(dialect, 400)).encode(), rid)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--record", required=True)
    parser.add_argument("--answer")
    args = parser.parse_args()
    Handler.state = State(args.record, args.answer)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    sys.stdout.write("PORT %d\n" % server.server_address[1])
    sys.stdout.flush()
    server.serve_forever()


if __name__ == "__main__":
    main()
