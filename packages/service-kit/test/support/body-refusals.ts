/** A create route under test: how to call it, a valid body, and how many documents it has stored. */
export interface CreateRoute {
  create(body: unknown): Promise<{ status: number }>;
  body(overrides?: Record<string, unknown>): Record<string, unknown>;
  stored(): Promise<number>;
  /** Fields the server sets, each with a value a client might send. */
  serverFields: Array<[string, unknown]>;
  /** Two of the body's fields, to hold a NoSQL operator ({ $gt: '' }, { $ne: null }). */
  operatorFields: [string, string];
}

/**
 * The refusals every create route of the services shares (spec §5: a body is an object of the contract's own
 * fields): a body that sets a field the server sets is refused (400) and stores nothing, each field a test of its
 * own; a body that is not an object, or a field holding a NoSQL operator, is refused. Call it in the route's describe.
 */
export function itRefusesForeignBodies(route: CreateRoute): void {
  it.each(route.serverFields)('refuses a body that sets the server field %s (400), storing nothing', async (field, value) => {
    const before = await route.stored();
    const res = await route.create(route.body({ [field]: value }));
    expect(res.status).toBe(400);
    expect(await route.stored()).toBe(before);
  });

  it('refuses bodies that are not an object, and NoSQL operators in fields', async () => {
    for (const body of [[route.body()], 'a string', null, 42]) expect((await route.create(body)).status).toBe(400);
    const [first, second] = route.operatorFields;
    expect((await route.create(route.body({ [first]: { $gt: '' } }))).status).toBe(400);
    expect((await route.create(route.body({ [second]: { $ne: null } }))).status).toBe(400);
  });
}
