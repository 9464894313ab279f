/**
 * The demo community of a local `npm start` (the dev profile, `SEED_DEMO_DATA=true`; never in production): accounts
 * that identity creates and that own the demo listings (listings' seed), so a newcomer can sign in as one and edit
 * "their" listings, or as the demo admin and open /admin. Their password is generated on the machine at first start
 * (infra, outside git) and printed by `npm start`; there is no default password.
 */
export interface DemoAccount {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  isAdmin: boolean;
}

const account = (id: string, username: string, firstName: string, lastName: string, isAdmin = false): DemoAccount => ({
  id,
  username,
  firstName,
  lastName,
  email: `${username}@demo.centralpadesi.local`,
  isAdmin,
});

export const DEMO_ACCOUNTS = {
  priya: account('5d0c6d3e-2f7a-4c1e-9a51-0d6b8f0a1c01', 'priya', 'Priya', 'Sharma'),
  rajesh: account('5d0c6d3e-2f7a-4c1e-9a51-0d6b8f0a1c02', 'rajesh', 'Rajesh', 'Patel'),
  anjali: account('5d0c6d3e-2f7a-4c1e-9a51-0d6b8f0a1c03', 'anjali', 'Anjali', 'Reddy'),
  vikram: account('5d0c6d3e-2f7a-4c1e-9a51-0d6b8f0a1c04', 'vikram', 'Vikram', 'Singh'),
  templeCommittee: account('5d0c6d3e-2f7a-4c1e-9a51-0d6b8f0a1c05', 'temple_committee', 'Temple', 'Committee'),
  admin: account('5d0c6d3e-2f7a-4c1e-9a51-0d6b8f0a1c06', 'demo_admin', 'Demo', 'Admin', true),
} as const satisfies Record<string, DemoAccount>;

export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;
