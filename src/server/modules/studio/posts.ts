/**
 * The workspace's posts as other code calls them (the seed, the publishing job, the public
 * versions, tests): the functions of the files that hold them, by responsibility —
 * workflow.ts (the table), transition.ts (the one way a post moves), drafting.ts and
 * publishing.ts (the writes), presentation.ts, lists.ts, history.ts, versions.ts, audit.ts.
 * Route handlers go through the StudioService (service.ts) instead.
 */
export { createStudioPost, updateStudioPost, deleteStudioPost, commentOn, setRelations } from './drafting';
export {
  submitStudioPost,
  requestChanges,
  publishStudioPost,
  scheduleStudioPost,
  unscheduleStudioPost,
  publishDuePosts,
  correctStudioPost,
  withdrawStudioPost,
} from './publishing';
export { listStudioPosts, lookupPublishedPosts, type StudioListQuery } from './lists';
export { postVersions } from './versions';
export type { Stage } from './workflow';
