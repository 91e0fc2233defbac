import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A chat-completions server on 127.0.0.1 for tests (and the end-to-end suite): it speaks the OpenAI protocol
 * (JSON answers, SSE streaming chunks, error bodies) and answers with whatever the test's `respond` decides.
 * Not used in production.
 */
export interface FakeChatRequest {
  model: string;
  messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[] }[];
  stream?: boolean;
  /** Function tools offered to the model. */
  tools?: { type: 'function'; function: { name: string; description?: string; parameters?: Record<string, unknown> } }[];
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown>; strict?: boolean } };
  max_tokens?: number;
}

export type FakeReply =
  | { kind: 'text'; content: string; delayMs?: number }
  /** The model calls these tools (arguments as objects; sent as JSON text, as OpenAI does). */
  | { kind: 'tool-calls'; calls: { name: string; arguments: Record<string, unknown> }[] }
  | { kind: 'error'; status: number; message?: string; retryAfterMs?: number }
  | { kind: 'hang' };

export interface FakeOpenAIServer {
  url: string;
  /** Every request received, in order. */
  requests: FakeChatRequest[];
  setResponder(respond: (request: FakeChatRequest, index: number) => FakeReply): void;
  close(): Promise<void>;
}

function toolCallsBody(calls: { name: string; arguments: Record<string, unknown> }[], model: string) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: calls.map((c, i) => ({ id: `call_${i}_${Math.random().toString(36).slice(2, 8)}`, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } })),
        },
        finish_reason: 'tool_calls',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

/** The last tool result of a request (what the test's model "read"), parsed. */
export function lastToolResult(request: FakeChatRequest): unknown {
  const message = [...request.messages].reverse().find((m) => m.role === 'tool' || (m.role === 'user' && (m.content ?? '').startsWith('TOOL RESULT')));
  if (!message?.content) return undefined;
  const text = message.role === 'tool' ? message.content : message.content.slice(message.content.indexOf(':') + 1);
  return JSON.parse(text);
}

function completionBody(content: string, model: string) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

/**
 * Starts the server. `respond` may return tool calls (a non-streamed answer with `tool_calls`), text (sent as one completion, or as SSE chunks of a few characters
 * when the request streams), an error status (with an OpenAI error body and optional retry-after-ms header),
 * or `hang` (never answers: the client's timeout must fire).
 */
export async function startFakeOpenAIServer(respond: (request: FakeChatRequest, index: number) => FakeReply): Promise<FakeOpenAIServer> {
  const requests: FakeChatRequest[] = [];
  let responder = respond;
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
        return;
      }
      let body: FakeChatRequest;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeChatRequest;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Invalid JSON', type: 'invalid_request_error' } }));
        return;
      }
      const index = requests.length;
      requests.push(body);
      const reply = responder(body, index);
      if (reply.kind === 'hang') return;
      if (reply.kind === 'error') {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (reply.retryAfterMs !== undefined) headers['retry-after-ms'] = String(reply.retryAfterMs);
        res.writeHead(reply.status, headers).end(JSON.stringify({ error: { message: reply.message ?? `error ${reply.status}`, type: 'server_error', code: null } }));
        return;
      }
      if (reply.kind === 'tool-calls') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(toolCallsBody(reply.calls, body.model)));
        return;
      }
      const send = () => {
        if (!body.stream) {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completionBody(reply.content, body.model)));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
        const id = `chatcmpl-${index}`;
        const created = Math.floor(Date.now() / 1000);
        const pieces = reply.content.match(/[\s\S]{1,8}/g) ?? [];
        const chunk = (delta: Record<string, unknown>, finish: string | null) =>
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`;
        res.write(chunk({ role: 'assistant', content: '' }, null));
        for (const piece of pieces) res.write(chunk({ content: piece }, null));
        res.write(chunk({}, 'stop'));
        res.end('data: [DONE]\n\n');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setResponder(next) {
      responder = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
