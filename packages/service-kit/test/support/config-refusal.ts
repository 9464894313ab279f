import { ConfigError } from '../../src/index.ts';

/**
 * The message of the ConfigError a service's config loader throws for `env`: what a test of a refused configuration
 * reads. Fails the test when the loader throws anything else, or accepts the configuration.
 */
export function configRefusal(load: (env: Record<string, string>) => unknown, env: Record<string, string>): string {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
}
