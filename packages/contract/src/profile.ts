/** The signed-in staff user's own profile (000 §3 staff profile; spec 002 §5 sanitising). */
import { z } from 'zod';
import { StaffUserSchema } from './auth';
import { defineEndpoint } from './endpoint';

const OptionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** Absent fields stay as they are; null clears them. Marks the profile completed. */
export const updateProfile = defineEndpoint({
  id: 'updateProfile',
  method: 'PUT',
  path: '/api/v1/me',
  audience: 'staff',
  env: 'neutral',
  sanitize: true,
  // The mobile number and the e-mail address are not changed here: they need the current password and a
  // code sent to the new one (sendMobileOtp + verifyOtp, changeEmail + verifyEmailChange; decision 0028).
  summary: 'Update own profile (names, work number, licence type); sets profileCompleted',
  body: z
    .object({
      firstName: z.string().trim().min(1).max(100),
      lastName: z.string().trim().min(1).max(100),
      workNumber: OptionalText(30),
      licenseType: OptionalText(100),
    })
    .strict(),
  response: StaffUserSchema,
});

export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The request body is the image itself (Content-Type one of PROFILE_IMAGE_TYPES, at most 2 MiB). */
export const uploadProfileImage = defineEndpoint({
  id: 'uploadProfileImage',
  method: 'PUT',
  path: '/api/v1/me/profile-image',
  audience: 'staff',
  env: 'neutral',
  upload: { contentTypes: PROFILE_IMAGE_TYPES, maxBytes: PROFILE_IMAGE_MAX_BYTES },
  summary: 'Upload own profile image (raw PNG, JPEG or WebP body, at most 2 MiB); returns its URL path',
  response: z.object({ profileImage: z.string() }),
});

/** The image bytes with their content type (not JSON). */
export const getProfileImage = defineEndpoint({
  id: 'getProfileImage',
  method: 'GET',
  path: '/api/v1/users/:userId/profile-image',
  audience: 'staff',
  env: 'neutral',
  summary: "A staff user's profile image (any signed-in staff user of the same client); binary",
  params: z.object({ userId: z.string().uuid() }).strict(),
  response: z.any(),
});
