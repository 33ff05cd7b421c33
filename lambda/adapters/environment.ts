import { DATA_VERSION_ENV, DEFAULT_LIMITS, LIMITS_ENV, PORTAL_ENV, TABLE_ENV, type Limits, type TableRole } from '../contract';
import type { TableNames } from './dynamodb/table-names';

type Environment = Readonly<Record<string, string | undefined>>;

const positiveInteger = (env: Environment, name: string, fallback: number): number => {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`${name} must be a positive integer`);
  return Number(value);
};

/** The tiers' limits from the environment, the spec's defaults where a variable is unset. */
export const limitsFromEnv = (env: Environment): Limits => ({
  ratePerMinute: positiveInteger(env, LIMITS_ENV.ratePerMinute, DEFAULT_LIMITS.ratePerMinute),
  freeMonthlyQuota: positiveInteger(env, LIMITS_ENV.freeMonthlyQuota, DEFAULT_LIMITS.freeMonthlyQuota),
});

/**
 * The tables a function was bound to: the stack sets a table's variable only together with its grant,
 * so a function sees exactly the tables it may use, and `required` names what it cannot run without.
 */
export const tableNamesFromEnv = (env: Environment, required: readonly TableRole[]): TableNames => {
  const names: TableNames = {};
  for (const role of Object.keys(TABLE_ENV) as TableRole[]) {
    const value = env[TABLE_ENV[role]];
    if (value) names[role] = value;
    else if (required.includes(role)) throw new Error(`Missing environment variable ${TABLE_ENV[role]}`);
  }
  return names;
};

/** The data version the stack deployed this function with: the only one it reads. */
export const dataVersionFromEnv = (env: Environment): string => {
  const version = env[DATA_VERSION_ENV];
  if (!version) throw new Error(`Missing environment variable ${DATA_VERSION_ENV}`);
  return version;
};

export interface PortalSettings {
  userPoolId: string;
  clientId: string;
  issuerBase: string;
  confirmAtSignUp: boolean;
  /** Where the page's files are: web/dashboard, or the copy beside the bundle. */
  pageDirectory: string;
  /** On AWS: the API stage whose usage plans a key is attached to, as `npm run keys -- --stack` does. Locally absent. */
  apiStage?: { restApiId: string; stage: string };
}

const required = (env: Environment, name: string): string => {
  const value = env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
};

/** The portal function's settings, as the stack sets them. */
export const portalSettingsFromEnv = (env: Environment, pageDirectory: string): PortalSettings => {
  const restApiId = env[PORTAL_ENV.restApiId];
  const stage = env[PORTAL_ENV.stageName];
  return {
    userPoolId: required(env, PORTAL_ENV.userPoolId),
    clientId: required(env, PORTAL_ENV.userPoolClientId),
    issuerBase: required(env, PORTAL_ENV.issuerBase),
    confirmAtSignUp: env[PORTAL_ENV.confirmSignUps] === 'auto',
    pageDirectory,
    ...(restApiId && stage && { apiStage: { restApiId, stage } }),
  };
};
