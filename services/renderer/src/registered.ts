/**
 * The services that registered themselves at run time (issue 35 §2): a page of a new team's remote reads its data
 * from that team's service, found in the registry like the gateway finds it, with no change of the renderer's
 * configuration. The configured services (LISTINGS_URL ...) come first; this answers only for paths no configured
 * service owns, with the prefixes the registry granted.
 */
import { createRouteMatcher } from '@cp/contracts';
import type { RegistryTable, RegistryWatch } from '@cp/service-kit';
import { serviceClient, type ServiceClient } from './upstream.ts';

export type RegisteredLookup = (pathname: string) => ServiceClient | undefined;

export function registeredServices(registry: RegistryWatch, fetchImpl: typeof fetch = fetch): RegisteredLookup {
  let lookup: RegisteredLookup = () => undefined;
  const apply = (table: RegistryTable) => {
    const clients = new Map<string, ServiceClient>();
    const rules: Array<{ prefix: string; service: string }> = [];
    for (const [name, entry] of table.services) {
      if (entry.instances.length === 0 || entry.routes.length === 0) continue;
      clients.set(name, serviceClient(name, [...new Set(entry.instances.map((i) => i.address))], fetchImpl));
      for (const route of entry.routes) rules.push({ prefix: route.prefix, service: name });
    }
    const match = createRouteMatcher(rules);
    lookup = (pathname) => {
      const rule = match(pathname);
      return rule ? clients.get(rule.service) : undefined;
    };
  };
  apply(registry.table());
  registry.onChange(apply);
  return (pathname) => lookup(pathname);
}
