import { hash, verify } from '@node-rs/argon2';
import type { MessageKey } from '../../i18n';

// @node-rs/argon2 declares Algorithm as a const enum, which isolated modules cannot read.
const ARGON2ID = 2;
/** OWASP's second recommended argon2id setting: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a stored hash that cannot be read (never throws). */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Spends as long as checking a real password, so that a sign-in with an unknown name takes
 * as long as one with a wrong password and accounts cannot be discovered by timing.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('qarar-timing-equaliser');
  await verifyPassword(await dummy, password);
}

/**
 * The most common passwords of eight characters or more (shorter ones fail the length rule
 * already), from the published breach lists Django's own validator draws on.
 */
const COMMON = new Set(
  `
12345678 123456789 1234567890 12345678910 password password1 password12 password123 password1234
passw0rd p@ssw0rd p@ssword pa$$word iloveyou iloveyou1 11111111 111111111 1111111111 00000000
000000000 0000000000 88888888 99999999 66666666 12341234 11223344 12121212 87654321 98765432
987654321 9876543210 123123123 123321123 qwertyuiop qwerty123 qwerty12 qwerty1234 1q2w3e4r
1q2w3e4r5t 1q2w3e4r5t6y 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 qazwsxedc q1w2e3r4 q1w2e3r4t5
asdfghjkl asdfghjk asdf1234 zxcvbnm1 zxcvbnm123 abcd1234 abc12345 abc123456 a1b2c3d4 aa123456
aa12345678 abcdefgh abcdefg1 baseball football football1 basketball superman superman1 batman123
sunshine sunshine1 princess princess1 welcome1 welcome123 starwars trustno1 whatever
whatever1 computer internet michelle jennifer jordan23 charlie1 michael1 liverpool chelsea1
arsenal1 manchester barcelona iloveu123 babygirl1 lovelove loveyou1 letmein1 letmein123
monkey123 dragon123 shadow123 master123 killer123 jessica1 nicole123 daniel123 matthew1
mustang1 blink182 pokemon1 qwer1234 1234qwer password! password01 administrator admin123
admin1234 adminadmin root1234 changeme changeme1 default1 secret123 test1234 testing123
guest123 login123 hello123 hello1234 helloworld google123 samsung1 freedom1 everton1
access14 corvette ferrari1 mercedes yankees1 cowboys1 steelers eagles123 rangers1 matrix123
summer2020 summer2021 summer2022 summer2023 summer2024 winter2020 winter2021 spring2021
autumn2021 december jasmine1 thomas123 ashley123 hunter123 george123 1password lovely123
flower123 butterfly butterfly1 chocolate chocolate1 cookie123 purple123 orange123 banana123
apple123 pepper123 ginger123 angel123 angels123 soccer123 hockey123 tigers123 cheese123
zxcvbnm12 qwertyui qwertyu1 asdfasdf asdfqwer qweasdzxc qweqweqwe q1w2e3r4t5y6 1234abcd
12344321 147258369 159357456 123654789 741852963 963852741 5201314520 iloveyou2 loveme123
myspace1 facebook1 linkedin1 twitter1 instagram youtube1 whatsapp1 pakistan123 india123
saudiarabia egypt123 palestine jordan123 syria123 lebanon1 qatar123 kuwait123 emirates
allahakbar bismillah alhamdulillah mohammed muhammad muhammad1 mohammed1 ahmed123 ali12345
omar1234 hassan123 hussein1 fatima123 mariam123 abdullah abdullah1 islam123 muslim123
`
    .split(/\s+/)
    .filter(Boolean),
);

const DIGITS_ONLY = /^\p{Nd}+$/u;
const MAX_SIMILARITY = 0.7;

/** Python's SequenceMatcher.quick_ratio(), the measure Django's similarity validator uses. */
function quickRatio(a: string, b: string): number {
  if (!a.length && !b.length) return 1;
  const counts = new Map<string, number>();
  for (const ch of b) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let matches = 0;
  for (const ch of a) {
    const left = counts.get(ch) ?? 0;
    if (left > 0) {
      matches++;
      counts.set(ch, left - 1);
    }
  }
  return (2 * matches) / ([...a].length + [...b].length);
}

function tooSimilar(password: string, username: string): boolean {
  const pw = password.toLowerCase();
  const value = username.toLowerCase();
  if (!value) return false;
  const parts = [...value.split(/[^\p{L}\p{N}_]+/u).filter(Boolean), value];
  return parts.some((part) => {
    // A short part cannot make a much longer password weak (Django skips it the same way).
    if (pw.length >= 10 * part.length && part.length < (MAX_SIMILARITY / 2) * pw.length) return false;
    return quickRatio(pw, part) >= MAX_SIMILARITY;
  });
}

/**
 * Django's password rules beyond the minimum length the contract checks: not too similar to
 * the username, not a very common password, not entirely numeric. Empty when it passes.
 */
export function passwordProblems(password: string, username: string): MessageKey[] {
  const problems: MessageKey[] = [];
  if (tooSimilar(password, username)) problems.push('passwordLikeUsername');
  if (COMMON.has(password.trim().toLowerCase())) problems.push('passwordTooCommon');
  if (DIGITS_ONLY.test(password)) problems.push('passwordAllNumeric');
  return problems;
}
