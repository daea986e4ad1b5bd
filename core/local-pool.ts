/**
 * The bundled local identity service's pool, client and demo reader, as the service, the site's
 * local-mode configuration and the tests read them. The seed data in `fixture/db/` repeats these
 * ids and users: change both together.
 */
export const localIdentity = {
  host: '127.0.0.1',
  port: Number(process.env.HANDBOOK_IDENTITY_PORT ?? 9229),
  region: 'us-east-1',
  /** Named like a real pool (`<region>_<id>`): Amplify and aws-jwt-verify expect the underscore. */
  userPoolId: 'us-east-1_HandbookLocal',
  userPoolClientId: 'handbooklocalwebclient0001',
  /** The group readers must be in (HANDBOOK_AUTH_READER_GROUP's default); the demo reader is. */
  readerGroup: 'handbook-readers',
  demoUser: {
    email: 'reader@handbook.local',
    password: 'Handbook-Demo-2026!',
    name: 'Demo Reader',
  },
  /** Signed in, but not in the reader group: the gate lets them read nothing. */
  outsider: {
    email: 'outsider@handbook.local',
    password: 'Handbook-Outsider-2026!',
  },
  /**
   * The accounts the local stand-in for Google offers (identity/google-stand-in.ts): a Workspace
   * account of the allowed email domains, which an administrator has already put in the reader
   * group (the fixture holds her federated user); one outside those domains; and a consumer Google
   * account on a company address (no `hd`: Google names no Workspace). The pre sign-up rule refuses
   * the last two.
   */
  googleAccounts: [
    { sub: '110248495921238986420', email: 'grace@handbook.local', name: 'Grace Hopper', hd: 'handbook.local' },
    { sub: '110248495921238986421', email: 'visitor@gmail.com', name: 'Outside Visitor', hd: null },
    { sub: '110248495921238986422', email: 'former.staff@handbook.local', name: 'Personal Account', hd: null },
  ],
  /** ALLOWED_EMAIL_DOMAINS of the local pool's pre sign-up rule (core/sign-up-rule.ts). */
  allowedEmailDomains: 'handbook.local',
} as const;

export const localIdentityUrl = `http://${localIdentity.host}:${localIdentity.port}`;
