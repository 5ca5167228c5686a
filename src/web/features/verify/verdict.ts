import type { Verification, VerifiedVersion } from '../../api/postVersions';
import type { VerifyRequest } from './verifyRequest';

/**
 * Where a matched version stands, the gravest first: a withdrawn post, a repealed document, a
 * version a later one replaced, a document a later one amended, and the current version of a
 * document in force.
 */
export type Standing = 'withdrawn' | 'repealed' | 'superseded' | 'amended' | 'current';

export function standingOf(version: Pick<VerifiedVersion, 'post_state' | 'is_current'>): Standing {
  if (version.post_state === 'withdrawn') return 'withdrawn';
  if (version.post_state === 'repealed') return 'repealed';
  if (!version.is_current) return 'superseded';
  if (version.post_state === 'amended') return 'amended';
  return 'current';
}

/** The colour each standing is shown in (MUI's Alert severities). */
export const SEVERITY: Record<Standing, 'success' | 'warning' | 'error'> = {
  withdrawn: 'error',
  repealed: 'error',
  superseded: 'warning',
  amended: 'warning',
  current: 'success',
};

/** What the whole answer says, in one heading. */
export type Verdict = NotFoundVerdict | 'foundFile' | 'foundFileSeveral' | 'foundDocument' | 'foundSeveral';
/** The verdicts that nothing the portal published was found (or looked up: another site's link). */
export type NotFoundVerdict = 'otherSite' | 'notAPost' | 'noFile' | 'noNumber' | 'noLink';

export function verdictOf(request: VerifyRequest, answer: Verification): Verdict {
  if (answer.reason === 'other_site') return 'otherSite';
  if (answer.reason === 'not_a_post_link') return 'notAPost';
  if (answer.matches.length === 0) return request.by === 'sha256' ? 'noFile' : request.by === 'number' ? 'noNumber' : 'noLink';
  // A file attached to several posts (a form annexed to each) is said to be so.
  const several = postsOf(answer.matches).length > 1;
  if (request.by === 'sha256') return several ? 'foundFileSeveral' : 'foundFile';
  return several ? 'foundSeveral' : 'foundDocument';
}

export const isNotFound = (verdict: Verdict): verdict is NotFoundVerdict => !verdict.startsWith('found');

/** A post's newest matched version, and its other matched versions (newest first). */
export interface PostMatch {
  match: VerifiedVersion;
  alsoIn: VerifiedVersion[];
}

/**
 * The matches gathered by post: a file kept unchanged through corrections is in each of its
 * versions, and the reader is told where the newest stands rather than shown each in turn with
 * an "amended since" that the next one contradicts. Posts keep the answer's order.
 */
export function postsOf(matches: readonly VerifiedVersion[]): PostMatch[] {
  const bySlug = new Map<string, VerifiedVersion[]>();
  for (const match of matches) bySlug.set(match.slug, [...(bySlug.get(match.slug) ?? []), match]);
  return [...bySlug.values()].map((versions) => {
    const [match, ...alsoIn] = [...versions].sort((a, b) => b.version - a.version);
    return { match, alsoIn };
  });
}
