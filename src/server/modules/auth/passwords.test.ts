import { burnPasswordCheck, hashPassword, passwordProblems, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('hashes with argon2id, salted, and verifies', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(a, 'correct horse batterY')).toBe(false);
  });

  it('answers false, never throws, for a stored value that is no hash', async () => {
    expect(await verifyPassword('not-a-hash', 'whatever')).toBe(false);
    expect(await verifyPassword('', 'whatever')).toBe(false);
  });

  it('spends the time of a real check on a dummy hash', async () => {
    const start = Date.now();
    await burnPasswordCheck('anything');
    await burnPasswordCheck('anything');
    expect(Date.now() - start).toBeGreaterThan(5);
  });
});

describe('passwordProblems (Django-like rules)', () => {
  it('passes a reasonable password', () => {
    expect(passwordProblems('Sturdy-Kettle-42', 'huda')).toEqual([]);
    expect(passwordProblems('قرار-الوزارة-٢٠٢٤', 'huda')).toEqual([]);
  });

  it('refuses very common passwords, whatever their case or surrounding spaces', () => {
    for (const p of ['password', 'PASSWORD1', 'qwertyuiop', 'iloveyou', ' sunshine ', 'bismillah']) {
      expect(passwordProblems(p, 'someone')).toContain('passwordTooCommon');
    }
  });

  it('refuses passwords made only of digits, Arabic-Indic ones included', () => {
    expect(passwordProblems('58204719', 'x')).toEqual(['passwordAllNumeric']);
    expect(passwordProblems('٥٨٢٠٤٧١٩', 'x')).toEqual(['passwordAllNumeric']);
    expect(passwordProblems('5820471a', 'x')).toEqual([]);
  });

  it('refuses passwords too similar to the username, or to a part of it', () => {
    expect(passwordProblems('omar.khalil', 'omar.khalil')).toEqual(['passwordLikeUsername']);
    expect(passwordProblems('OmarKhalil', 'omar.khalil')).toEqual(['passwordLikeUsername']);
    expect(passwordProblems('khalil2024', 'omar.khalil')).toEqual(['passwordLikeUsername']);
    expect(passwordProblems('lihkal99', 'khalil')).toEqual(['passwordLikeUsername']);
  });

  it('does not let a short username spoil a long password', () => {
    expect(passwordProblems('a-very-long-passphrase-with-bo', 'bo')).toEqual([]);
    expect(passwordProblems('Sturdy-Kettle-42', 'sturdy')).toEqual([]);
  });

  it('reports every rule broken', () => {
    expect(passwordProblems('12345678', '12345678')).toEqual(['passwordLikeUsername', 'passwordTooCommon', 'passwordAllNumeric']);
  });
});
