/**
 * Creates or promotes an administrator. isAdmin is never settable through the API; this command is the way.
 *
 *   npm run admin -- <username>                         promote an existing user
 *   npm run admin -- <username> --create <email>        create the user (password read from ADMIN_PASSWORD
 *                                                       or prompted), then promote
 *   npm run admin -- <username> --revoke                remove the admin flag
 *
 * Reads MONGO_URL (and MONGO_DB, default identity) from the environment; `npm run admin` at the repo root sets
 * them for the local stack.
 */
import { createInterface } from 'node:readline/promises';
import { connectMongo } from '@cp/service-kit';
import { z } from 'zod';
import { UsersRepository } from '../data/users-repository.ts';
import { hashPassword } from '../passwords.ts';

const Env = z.object({ MONGO_URL: z.string().min(1), MONGO_DB: z.string().default('identity'), ADMIN_PASSWORD: z.string().min(8).optional() });

async function main(argv: string[]): Promise<void> {
  const [username, flag, email] = argv;
  if (!username || username.startsWith('-')) throw new Error('usage: make-admin <username> [--create <email> | --revoke]');
  const env = Env.parse(process.env);
  const conn = await connectMongo(env.MONGO_URL, env.MONGO_DB);
  try {
    const users = new UsersRepository(conn);
    await users.init();
    let user = await users.findByUsername(username);
    if (!user && flag === '--create') {
      if (!email) throw new Error('--create needs an e-mail address');
      let password = env.ADMIN_PASSWORD;
      if (!password) {
        const rl = createInterface({ input: process.stdin, output: process.stdout });
        password = await rl.question('Password (min 8 characters): ');
        rl.close();
      }
      if (password.length < 8) throw new Error('password must be at least 8 characters');
      user = await users.create({
        username,
        usernameLower: username.toLowerCase(),
        password: await hashPassword(password),
        email: email.toLowerCase(),
        isAdmin: true,
        // Like every account, verified by the mailed link (the admin asks for one from the site: "Resend the link").
        emailVerified: false,
        termsAccepted: true,
        termsAcceptedAt: new Date(),
      });
      console.log(`created admin ${username}`);
      return;
    }
    if (!user) throw new Error(`no user named ${username} (use --create <email> to create one)`);
    await users.setAdmin(user._id, flag !== '--revoke');
    console.log(`${username} is ${flag === '--revoke' ? 'no longer' : 'now'} an admin`);
  } finally {
    await conn.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
