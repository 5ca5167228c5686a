import { lazy, type ComponentType } from 'react';
import { toast } from '../components/toast';
import i18n from '../i18n';

type Part<P> = { default: ComponentType<P> };

/** A chunk's import, tried again once should it fail: webpack fetches a failed chunk anew, and one lost answer is a flaky network's usual fault. */
const retried = <T>(load: () => Promise<T>): Promise<T> => load().catch(load);

/**
 * What stands for a part whose chunk did not come: nothing, the reader told why in their
 * language (one toast, however many parts failed). Also the rejection handler of a chunk that
 * stands for no part.
 */
export const failedPart = <P>(): Part<P> => (toast.error(i18n.t('errors.network')), { default: () => null });

/** React.lazy for a part of a screen: never an error that takes the page down with it. */
export const lazyPart = <P>(load: () => Promise<Part<P>>) => lazy(() => retried(load).catch(failedPart<P>));
