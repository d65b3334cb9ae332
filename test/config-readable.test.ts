// Settings a person gets right the first time. HOST must be an address or a host name,
// CUSTOMER_API_URL may hold only the placeholders the server fills, LOG_FORMAT=pretty is refused in
// production, the log's JSON keeps today's shape by default, and a variable one or two letters from a
// setting is named in a warning (the known names come from the settings schema).
import { ConfigError, loadConfig, SETTING_NAMES } from '../src/config';
import { problemsOf } from './support/config-problems';
import { echo } from '../src/config-fields';
import { editDistance, misspeltSettings } from '../src/config-spelling';
import { BASE_URL_PLACEHOLDERS } from '../src/upstream/paths';


describe('HOST', () => {
  it.each(['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost', 'api-1.internal.example.com', 'fe80::1'])('accepts %s', (host) => {
    expect(loadConfig({ HOST: host }).host).toBe(host);
  });

  it.each(['not a host', 'http://localhost', 'localhost:3000', '[::1]', '-bad.example', 'a..b', 'x'.repeat(64)])('refuses %j in the one startup message with the other problems', (host) => {
    expect(problemsOf({ HOST: host, PORT: 'abc' })).toEqual([
      'PORT: must be a port number from 1 to 65535 (or 0 for any free port); got "abc"',
      `HOST: must be an IP address (e.g. 0.0.0.0, ::1) or a host name (e.g. localhost); got ${echo(host)}`,
    ]);
  });
});

describe('CUSTOMER_API_URL placeholders', () => {
  it('accepts the placeholders the server fills, in the path or the host', () => {
    expect(BASE_URL_PLACEHOLDERS).toEqual(['tenantId']);
    expect(loadConfig({ CUSTOMER_API_URL: 'https://api.example.com/t/{tenantId}/v1' }).customerApiUrl).toBe('https://api.example.com/t/{tenantId}/v1');
    expect(loadConfig({ CUSTOMER_API_URL: 'https://{tenantId}.example.com' }).customerApiUrl).toBe('https://{tenantId}.example.com');
  });

  it('refuses {tenant} with a sentence naming the supported placeholder', () => {
    expect(problemsOf({ CUSTOMER_API_URL: 'https://api.example.com/t/{tenant}/v1' })).toEqual([
      'CUSTOMER_API_URL: contains {tenant}, which no request fills; the supported placeholder is {tenantId} (filled from X-Tenant-Id); got "https://api.example.com/t/{tenant}/v1"',
    ]);
  });

  it('names each unknown placeholder once, beside a valid one', () => {
    expect(problemsOf({ CUSTOMER_API_URL: 'https://{region}.example.com/{tenantId}/{region}/{}' })[0]).toMatch(/^CUSTOMER_API_URL: contains \{region\}, \{\}, which no request fills/);
  });
});

describe('log settings', () => {
  it('default to the JSON of today: numeric levels, epoch times, format chosen by the terminal', () => {
    expect(loadConfig({}).log).toEqual({ format: 'auto', levelNames: false, isoTime: false });
  });

  it('read LOG_FORMAT, LOG_LEVEL_NAMES and LOG_TIME', () => {
    expect(loadConfig({ LOG_FORMAT: 'json', LOG_LEVEL_NAMES: 'true', LOG_TIME: 'iso' }).log).toEqual({ format: 'json', levelNames: true, isoTime: true });
  });

  it('refuse LOG_FORMAT=pretty in production and unknown words anywhere', () => {
    const production = { NODE_ENV: 'production', CUSTOMER_API_URL: 'https://api.example.com', CALLER_AUTH: 'off', HOST: '127.0.0.1' };
    expect(problemsOf({ ...production, LOG_FORMAT: 'pretty' })).toEqual(['LOG_FORMAT: pretty is for development only; production logs JSON (use auto or json)']);
    expect(problemsOf({ ...production, LOG_FORMAT: 'json' })).toEqual([]);
    expect(problemsOf({ LOG_FORMAT: 'text', LOG_TIME: 'utc' })).toEqual([
      'LOG_FORMAT: must be one of: auto, json, pretty; got "text"',
      'LOG_TIME: must be one of: epoch, iso; got "utc"',
    ]);
  });
});

describe('NODE_ENV', () => {
  it('another value than the three is accepted (platforms set their own) with a warning saying what it means here', () => {
    expect(loadConfig({ NODE_ENV: 'prod' }).warnings).toEqual([
      'NODE_ENV=prod is not development, test or production: this server runs as in development (production\'s checks are off). Set NODE_ENV=production in production.',
    ]);
    expect(loadConfig({ NODE_ENV: 'development' }).warnings).toEqual([]);
    expect(loadConfig({}).warnings).toEqual([]);
  });
});

describe('a variable close to a setting', () => {
  it('is a warning of the loaded configuration naming the setting meant', () => {
    expect(loadConfig({ CUSTOMR_API_URL: 'https://secret.example.com' }).warnings).toEqual([
      'CUSTOMR_API_URL is not a setting of this server: did you mean CUSTOMER_API_URL?',
    ]);
  });

  it('is listed under the problems when the configuration is refused: often the reason a setting is missing', () => {
    let caught: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', CUSTOMR_API_URL: 'https://secret.example.com', CALLER_AUTH: 'off', HOST: '127.0.0.1' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).message).toBe(
      'Invalid configuration:\n' +
        '  - CUSTOMER_API_URL: is required when NODE_ENV=production (the example API only starts in development)\n' +
        'Warnings:\n' +
        '  - CUSTOMR_API_URL is not a setting of this server: did you mean CUSTOMER_API_URL?',
    );
    expect((caught as ConfigError).message).not.toContain('secret.example.com');
  });

  it('catches a letter dropped, added, changed or two swapped, and a setting in the wrong case', () => {
    expect(misspeltSettings(['LOG_LEVLE', 'UPSTREAM_TIMEOUT_MSS', 'HUB_FILES_RAED_KEY', 'PROT', 'port', 'HOTS', 'WORKER'], SETTING_NAMES)).toEqual([
      'LOG_LEVLE is not a setting of this server: did you mean LOG_LEVEL?',
      'UPSTREAM_TIMEOUT_MSS is not a setting of this server: did you mean UPSTREAM_TIMEOUT_MS?',
      'HUB_FILES_RAED_KEY is not a setting of this server: did you mean HUB_FILES_READ_KEY?',
      'PROT is not a setting of this server: did you mean PORT?',
      'port is not a setting of this server: did you mean PORT?',
      'HOTS is not a setting of this server: did you mean HOST?',
      'WORKER is not a setting of this server: did you mean WORKERS?',
    ]);
  });

  it('says nothing of the system, shell, npm and CI variables of a usual environment, nor of the settings themselves', () => {
    const usual = ['PATH', 'HOME', 'HOSTNAME', 'USER', 'SHELL', 'TERM', 'LANG', 'PWD', 'TZ', 'NODE_OPTIONS', 'NODE_PATH', 'npm_config_cache', 'npm_lifecycle_event',
      'npm_package_name', 'CI', 'GITHUB_ACTIONS', 'HTTP_PROXY', 'NO_PROXY', 'JEST_WORKER_ID', 'COLORTERM', 'EDITOR', 'DISPLAY', 'LS_COLORS', 'INIT_CWD', 'COLUMNS', 'LINES'];
    expect(misspeltSettings([...usual, ...SETTING_NAMES], SETTING_NAMES)).toEqual([]);
  });

  it('takes its known names from the settings schema: a setting added to a room is known', () => {
    expect(SETTING_NAMES).toEqual(expect.arrayContaining(['CUSTOMER_API_URL', 'LOG_FORMAT', 'HUB_URL', 'PORT']));
    expect(misspeltSettings(['NEW_ROOM_SETTNG'], [...SETTING_NAMES, 'NEW_ROOM_SETTING'])).toEqual(['NEW_ROOM_SETTNG is not a setting of this server: did you mean NEW_ROOM_SETTING?']);
  });
});

describe('editDistance', () => {
  it.each([
    ['HOST', 'HOST', 0],
    ['HOTS', 'HOST', 1],
    ['HOME', 'HOST', 2],
    ['CUSTOMR_API_URL', 'CUSTOMER_API_URL', 1],
    ['PATH', 'PORT', 3],
  ])('%s → %s is %d', (a, b, distance) => {
    expect(editDistance(a, b, 3)).toBe(distance);
  });

  it('stops above its limit', () => {
    expect(editDistance('NODE_OPTIONS', 'NODE_ENV', 2)).toBe(3);
  });
});
