/** The personal and billing fields sign-up and the profile share, as the wire names them. */
type CustomerDetailsInput = {
  firstName: string;
  lastName: string;
  countryCode: string;
  contactNo: string;
  companyName: string;
  vatNumber: string;
  address: string;
  city: string;
  state: string;
  postCode: string;
  region: string;
};

/** Wire names to the customers table's columns. */
export function toCustomerDetailColumns(input: CustomerDetailsInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    dialCode: input.countryCode,
    mobileNumber: input.contactNo,
    companyName: input.companyName,
    vatNumber: input.vatNumber,
    address: input.address,
    city: input.city,
    state: input.state,
    postalCode: input.postCode,
    region: input.region,
  };
}
