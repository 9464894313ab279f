/**
 * A server-sent event stream a test drives, in place of the browser's EventSource (`globalThis.EventSource =
 * FakeEventSource`): `open` it, `emit` an event, `drop` the connection (the browser reconnects by itself) or `refuse`
 * it (an error status: the browser gives up). Used by web-core's live-stream tests and the shell's header-link tests.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  emit(event: string, data = '{}') {
    this.dispatchEvent(new MessageEvent(event, { data }));
  }
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
    this.closed = true;
  }
}
