/**
 * Cognito puts a user's standard attributes (`name` and the other OpenID Connect profile claims) in
 * the id token; cognito-local puts only `email` and custom ones. This supplies the rest the way a
 * pool would with a pre token generation trigger, so the token is still signed by cognito-local.
 */
import type { Triggers } from './cognito-local';

/** OpenID Connect standard claims Cognito copies from user attributes (besides email, which cognito-local adds). */
const STANDARD_CLAIMS = [
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'phone_number',
];

/** The service's triggers, with pre token generation answering for the standard claims (no other is configured locally). */
export function withStandardClaims(triggers: Triggers): Triggers {
  return Object.assign(Object.create(triggers) as Triggers, {
    enabled: (trigger: Parameters<Triggers['enabled']>[0]) =>
      trigger === 'PreTokenGeneration' || triggers.enabled(trigger),
    preTokenGeneration: async (...[, request]: Parameters<Triggers['preTokenGeneration']>) => ({
      claimsOverrideDetails: {
        claimsToAddOrOverride: Object.fromEntries(
          (request.userAttributes ?? [])
            .filter(({ Name, Value }) => STANDARD_CLAIMS.includes(Name) && Value !== undefined)
            .map(({ Name, Value }) => [Name, Value as string]),
        ),
      },
    }),
  });
}
