/**
 * An EventSource a test opens, drops and feeds by hand (stub it with vi.stubGlobal('EventSource', FakeEventSource));
 * `latest` is the one the code under test opened last.
 */
export class FakeEventSource {
  static latest: FakeEventSource | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor() {
    FakeEventSource.latest = this;
  }
  close() {}
  open() {
    this.onopen?.(new Event('open'));
  }
  send(payload: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(payload) }));
  }
}
