import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toLoginLinkState } from '@/lib/login-redirect';
import { productDetailsPath } from '@/lib/product-details-link';

/**
 * A product card's Select (portal.md §4): a customer goes to /productdetails/{productID}; a
 * visitor to /customerlogin, which brings them to that product once they have logged in (the
 * same return the app gives every page behind the login).
 */
export function useSelectProduct(isLoggedIn: boolean) {
  const navigate = useNavigate();
  return useCallback(
    (productID: number) => {
      const detailsPath = productDetailsPath(productID);
      if (isLoggedIn) void navigate(detailsPath);
      else void navigate('/customerlogin', { state: toLoginLinkState(detailsPath) });
    },
    [isLoggedIn, navigate],
  );
}
