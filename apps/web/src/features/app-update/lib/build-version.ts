/**
 * The version of the running build: the domain's (the one the spec fixes), unless the build was given
 * another through VITE_APP_VERSION / VITE_APP_VERSION_CODE, as a release pipeline (or a test of the
 * update flow, which builds an older app against the current server) does.
 */
import { APP_VERSION, APP_VERSION_CODE } from '@tradehall/domain';

declare global {
  interface ImportMetaEnv {
    readonly VITE_APP_VERSION?: string;
    readonly VITE_APP_VERSION_CODE?: string;
  }
}

const envCode = Number(import.meta.env.VITE_APP_VERSION_CODE);

export const BUILD_VERSION: string = import.meta.env.VITE_APP_VERSION || APP_VERSION;
export const BUILD_VERSION_CODE: number =
  Number.isInteger(envCode) && envCode > 0 ? envCode : APP_VERSION_CODE;

/** Is the published version (GET /app/version) newer than this build? */
export function isNewer(latest: { code: number }): boolean {
  return latest.code > BUILD_VERSION_CODE;
}
