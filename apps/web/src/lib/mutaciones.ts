/**
 * What a screen does when a mutation of its feature's api.ts answers (a toast, closing a
 * dialog); the hook itself keeps the cache, reading its lists again (issue 43).
 */
export interface Avisos<R> {
  onSuccess: (r: R) => void;
  onError: (e: Error) => void;
}
