import type { Queryable } from '../../db/db';
import { notFound } from '../../http/errors';
import type { Schemas } from '../../http/routes';
import { findCategories, findCategory, findPostType, findPostTypes } from './repository';

/** Categories (with their subcategories) and post types. */
export class TaxonomyService {
  constructor(private readonly db: Queryable) {}

  categories(): Promise<Schemas['Category'][]> {
    return findCategories(this.db);
  }

  /** By numeric id or slug; a 404 when there is none. */
  async category(idOrSlug: string): Promise<Schemas['Category']> {
    const category = await findCategory(this.db, idOrSlug);
    if (!category) throw notFound('categoryNotFound', { slug: idOrSlug });
    return category;
  }

  postTypes(): Promise<Schemas['PostType'][]> {
    return findPostTypes(this.db);
  }

  async postType(id: number): Promise<Schemas['PostType']> {
    const type = await findPostType(this.db, id);
    if (!type) throw notFound('postTypeNotFound');
    return type;
  }
}
