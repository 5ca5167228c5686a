import type { PostStage } from '../../api/studio';

/** The stages in the order a post goes through them (the list's tabs). */
export const STAGES: readonly PostStage[] = ['draft', 'in_review', 'changes_requested', 'scheduled', 'published', 'withdrawn'];

export const isStage = (value: string | null): value is PostStage => STAGES.includes(value as PostStage);
