import type { MobileAppSettings } from './mobile-app.config.js';
import type { AppConfigDto } from './app-config.schemas.js';

/**
 * What a mobile app needs before anyone signs in, from the operator's configuration alone: no
 * tenant's data, so it is the same answer for every caller and built once.
 */
export class AppConfigService {
  private readonly answer: AppConfigDto;

  constructor(settings: MobileAppSettings, derived: { googleSignIn: boolean }) {
    this.answer = {
      apiVersion: 'v1',
      minimumVersions: { ...settings.minimumVersions },
      storeUrls: { ...settings.storeUrls },
      features: { ...settings.featureFlags, ...derived },
      support: { ...settings.support },
      legal: { ...settings.legal },
      notice: settings.notice,
    };
  }

  get(): AppConfigDto {
    return this.answer;
  }
}
