import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret for signing access/refresh tokens (HS256). Required in production. */
  JWT_SECRET: z.string().min(32).optional(),
  /** Operators' key: requests with `x-admin-key: <key>` pass the admin guard (unset = disabled). */
  ADMIN_API_KEY: z.string().min(24).optional(),
  /** Products the first start seeds into an empty database (0 disables seeding). */
  SEED_PRODUCTS: z.coerce.number().int().min(0).default(2000),
  /** Operators can force the maintenance/overload screen from configuration. */
  WEB_STATUS: z.enum(['on', 'off']).optional(),
  WEB_STATUS_VARIANT: z.enum(['maintenance', 'overload', 'error4']).optional(),
  WEB_STATUS_START_AT: z.string().datetime({ offset: true }).optional(),
  WEB_STATUS_END_AT: z.string().datetime({ offset: true }).optional(),
  /** Directory of the storefront build (apps/web/build); empty disables the storefront. */
  WEB_BUILD_DIR: z.string().optional(),
  TRUST_PROXY: bool,
  /** Largest JSON body accepted, in bytes. */
  BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576),
});

export type Config = z.infer<typeof EnvSchema> & {
  isProduction: boolean;
  jwtSecret: string;
};

const DEV_JWT_SECRET = 'codiroom-development-secret-do-not-use-in-production';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const c = parsed.data;
  const isProduction = c.NODE_ENV === 'production';
  if (isProduction && !c.JWT_SECRET) {
    throw new Error('Invalid configuration: JWT_SECRET (≥ 32 characters) is required in production');
  }
  return { ...c, isProduction, jwtSecret: c.JWT_SECRET ?? DEV_JWT_SECRET };
}
