import { z } from 'zod';

const Version = z.string().meta({ example: '2.4.0' });
const Link = z.url().nullable();

export const AppConfigDto = z.object({
  apiVersion: z.literal('v1').meta({ description: 'The major version in the base URL' }),
  minimumVersions: z
    .object({ ios: Version, android: Version })
    .meta({ description: 'App builds older than these must update before they sign in' }),
  storeUrls: z.object({ ios: Link, android: Link }).meta({ description: 'Where the update is, for the "update required" screen' }),
  features: z.record(z.string(), z.boolean()).meta({
    description: 'Switches for app features: googleSignIn (the operator has set up Sign in with Google) and the operator’s own flags',
    example: { googleSignIn: false, kioskMode: true },
  }),
  support: z.object({ email: z.email().nullable(), url: Link }),
  legal: z.object({ termsUrl: Link, privacyUrl: Link }),
  notice: z.string().nullable().meta({ description: 'One line for the sign-in screen (planned maintenance); null for none' }),
});
export type AppConfigDto = z.infer<typeof AppConfigDto>;
