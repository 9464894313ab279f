import { natsServerOptions } from '../src/index.ts';

describe('natsServerOptions: a NATS_URL with or without its user', () => {
  it('gives a URL without credentials as it is', () => {
    expect(natsServerOptions('nats://127.0.0.1:4222')).toEqual({ servers: ['nats://127.0.0.1:4222'] });
  });

  it('takes the user and the (percent-encoded) password out of the URL', () => {
    expect(natsServerOptions('nats://listings:s3cr%40t%3Ax@nats:4222')).toEqual({ servers: ['nats://nats:4222'], user: 'listings', pass: 's3cr@t:x' });
    expect(natsServerOptions('tls://gateway:pw@nats.example.org:4222')).toEqual({ servers: ['tls://nats.example.org:4222'], user: 'gateway', pass: 'pw' });
  });

  it('takes several servers separated by commas, the credentials of the first that has them', () => {
    expect(natsServerOptions('nats://cp:pw@nats-0:4222, nats://nats-1:4222')).toEqual({ servers: ['nats://nats-0:4222', 'nats://nats-1:4222'], user: 'cp', pass: 'pw' });
  });

  it('refuses credentials without a password or outside nats:// and tls://', () => {
    expect(() => natsServerOptions('nats://listings@nats:4222')).toThrow(/user:password/);
    expect(() => natsServerOptions('http://a:b@nats:4222')).toThrow(/user:password/);
    expect(() => natsServerOptions('not a url')).toThrow(/user:password/);
  });
});
