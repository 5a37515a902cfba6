import { useMutation } from '@tanstack/react-query';
import { apiPostForResult } from '@/lib/api-client';

/**
 * POST /api/profileSetting/updateProfileImage as multipart/form-data, the file in field `image`
 * (PNG, JPEG or WebP, at most 5 MB): `{ imagePath }` and 'Image uploaded successfully'.
 */
export function updateProfileImage(image: File) {
  const form = new FormData();
  form.set('image', image, image.name);
  return apiPostForResult<{ imagePath: string }>('profileSetting/updateProfileImage', form, {
    authenticated: true,
  });
}

export function useUpdateProfileImage() {
  return useMutation({ mutationFn: updateProfileImage });
}
