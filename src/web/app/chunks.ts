import { lazy, type ComponentType } from 'react';
import { toast } from '../components/toast';
import i18n from '../i18n';

type Part<P> = { default: ComponentType<P> };

/** A chunk's import, tried again once should it fail: webpack fetches a failed chunk anew, and one lost answer is a flaky network's usual fault. */
export const retried = <T>(load: () => Promise<T>): Promise<T> => load().catch(load);

/** Says a chunk did not come, in the reader's language (one toast, however many parts failed). */
export const chunkFailed = (): void => void toast.error(i18n.t('errors.network'));

/** What stands for a part whose chunk did not come: nothing, the reader told why. */
export const failedPart = <P>(): Part<P> => (chunkFailed(), { default: () => null });

/** React.lazy for a part of a screen: never an error that takes the page down with it. */
export const lazyPart = <P>(load: () => Promise<Part<P>>) => lazy(() => retried(load).catch(failedPart<P>));
