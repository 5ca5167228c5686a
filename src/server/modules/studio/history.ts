/** A post's history as its writers read it: its published versions and its log. */
import type { Queryable } from '../../db/db';
import type { Schemas } from '../../http/routes';
import type { AuthContext } from '../auth/context';
import { postEvents } from './audit';
import { accessible } from './studio-row';
import { postVersions } from './versions';

export async function postHistory(db: Queryable, auth: AuthContext, id: number): Promise<Schemas['StudioHistory']> {
  await accessible(db, auth, id);
  return { versions: await postVersions(db, id), events: await postEvents(db, id) };
}
