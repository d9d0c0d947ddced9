import type { Address, BankAccount, Customer, Invoice } from '@portaal/contracts';
import { fromCents, toCents } from '@portaal/contracts';
import { AppError } from '../../lib/app-error.ts';
import { invoiceAddress } from './invoice-pdf.ts';

/**
 * The invoice as a UBL 2.1 document in the Peppol BIS Billing 3.0 profile (the EN 16931 core invoice
 * with Peppol's CIUS), built by @e-invoice-eu/core: it validates the data against its EN 16931 JSON
 * schema (cardinalities, code lists), puts every element in the schema's order and writes the XML.
 * This module only maps the portal's invoice onto EN 16931's business terms (BT-n).
 */
export const PEPPOL_CUSTOMIZATION_ID =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

export interface UblParties {
  seller: Customer;
  sellerAccount: BankAccount | undefined;
  buyer: Customer;
}

/** Peppol's electronic address scheme (EAS) for a VAT number, by the VAT number's country. */
const VAT_SCHEMES: Record<string, string> = {
  AT: '9914',
  BE: '9925',
  DE: '9930',
  ES: '9920',
  FR: '9957',
  GB: '9932',
  IE: '9935',
  LU: '9938',
  NL: '9944',
};
/** The Dutch Chamber of Commerce (KvK) number in ISO 6523 (ICD 0106): NL-R-003/NL-R-005. */
const KVK_SCHEME = '0106';

/** UN/ECE Recommendation 20 codes of the units the accounting system writes (in either language). */
const UNIT_CODES: Record<string, string> = {
  hour: 'HUR',
  hours: 'HUR',
  uur: 'HUR',
  month: 'MON',
  maand: 'MON',
  gb: 'E34',
  tb: 'E35',
  day: 'DAY',
  dag: 'DAY',
  year: 'ANN',
  jaar: 'ANN',
};
/** Anything else counts pieces: "one" (C62). */
export const unitCode = (unit: string) => UNIT_CODES[unit.trim().toLowerCase()] ?? 'C62';

/** VAT category: standard rate when there is a rate, zero-rated otherwise (EN 16931 UNCL5305). */
const vatCategory = (rate: string) => (toCents(rate) > 0n ? 'S' : 'Z');

/** UBL percentages: two decimals. */
const percent = (rate: string) => fromCents(toCents(rate));

/**
 * BT-146 net price with at most two decimals (the library's EN 16931 schema allows no more): a price
 * with finer decimals (0.0125 per GB) is given for a base quantity (BT-149) of 10, 100, … instead
 * (1.25 per 100 GB).
 */
export function priceWithBase(unitPrice: string): { price: string; base: number } {
  const [whole = '0', fraction = ''] = unitPrice.replace(/^\+/, '').split('.');
  const digits = fraction.replace(/0+$/, '');
  const shift = Math.max(0, digits.length - 2);
  const base = 10 ** shift;
  const scaled = `${whole}${digits}`.replace(/^(-?)0+(?=\d)/, '$1');
  const decimals = digits.length - shift;
  const price =
    decimals === 0
      ? scaled
      : `${scaled.slice(0, -decimals) || '0'}.${scaled.slice(-decimals).padStart(decimals, '0')}`;
  return { price: fromCents(toCents(price)), base };
}

/** BT-34/BT-49: a Dutch party by its KvK number, any other by its VAT number. */
function endpoint(party: Customer, country: string) {
  const vat = party.vat_number?.replace(/\s+/g, '') || undefined;
  if (country === 'NL' && party.coc_number) return { id: party.coc_number, scheme: KVK_SCHEME };
  const vatCountry = vat?.slice(0, 2).toUpperCase();
  const vatScheme = vatCountry ? VAT_SCHEMES[vatCountry] : undefined;
  if (vat && vatScheme) return { id: vat, scheme: vatScheme };
  return undefined;
}

function postalAddress(address: Address | undefined) {
  if (!address) return undefined;
  const [street, additional, ...rest] = address.lines;
  return {
    ...(street ? { 'cbc:StreetName': street } : {}),
    ...(additional ? { 'cbc:AdditionalStreetName': additional } : {}),
    'cbc:CityName': address.city,
    'cbc:PostalZone': address.postcode,
    ...(rest.length > 0 ? { 'cac:AddressLine': { 'cbc:Line': rest.join(', ') } } : {}),
    'cac:Country': { 'cbc:IdentificationCode': address.country.toUpperCase() },
  };
}

/** One party (BG-4 seller, BG-7 buyer): electronic address, name, address, VAT and legal identifiers. */
function party(customer: Customer, role: 'seller' | 'buyer', number: string) {
  const address = invoiceAddress(customer);
  const postal = postalAddress(address);
  const country = address?.country.toUpperCase();
  const electronic = country ? endpoint(customer, country) : undefined;
  if (!postal || !electronic) {
    throw new AppError(
      'INVOICE_UBL_UNAVAILABLE',
      409,
      `Invoice ${number} cannot be given as a Peppol e-invoice: the ${role} has no ${
        postal ? 'Peppol identifier (Chamber of Commerce or VAT number)' : 'address'
      }.`,
    );
  }
  const vat = customer.vat_number?.replace(/\s+/g, '');
  return {
    'cbc:EndpointID': electronic.id,
    'cbc:EndpointID@schemeID': electronic.scheme,
    'cac:PartyName': { 'cbc:Name': customer.display_name },
    'cac:PostalAddress': postal,
    // BT-31 (seller, a list in UBL's model of EN 16931) and BT-48 (buyer, one).
    ...(vat
      ? {
          'cac:PartyTaxScheme':
            role === 'seller'
              ? [{ 'cbc:CompanyID': vat, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }]
              : { 'cbc:CompanyID': vat, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
        }
      : {}),
    'cac:PartyLegalEntity': {
      'cbc:RegistrationName': customer.display_name,
      ...(customer.coc_number && country === 'NL'
        ? { 'cbc:CompanyID': customer.coc_number, 'cbc:CompanyID@schemeID': KVK_SCHEME }
        : {}),
    },
    ...(role === 'seller' && customer.phone ? { 'cac:Contact': { 'cbc:Telephone': customer.phone } } : {}),
  };
}

/** The EN 16931 invoice in @e-invoice-eu/core's internal form (UBL element names, BT-n values). */
export function ublInvoiceData(invoice: Invoice, parties: UblParties) {
  const currency = invoice.currency;
  const priceOf = (line: Invoice['lines'][number]) => {
    const { price, base } = priceWithBase(line.unit_price);
    return {
      'cbc:PriceAmount': price,
      'cbc:PriceAmount@currencyID': currency,
      ...(base === 1
        ? {}
        : { 'cbc:BaseQuantity': String(base), 'cbc:BaseQuantity@unitCode': unitCode(line.unit) }),
    };
  };
  const seller = party(parties.seller, 'seller', invoice.number);
  const buyer = party(parties.buyer, 'buyer', invoice.number);
  const prepaid = toCents(invoice.amount) - toCents(invoice.amount_due);
  const subtotals = invoice.vat_breakdown.map((entry) => ({
    'cbc:TaxableAmount': entry.taxable_amount,
    'cbc:TaxableAmount@currencyID': currency,
    'cbc:TaxAmount': entry.vat_amount,
    'cbc:TaxAmount@currencyID': currency,
    'cac:TaxCategory': {
      'cbc:ID': vatCategory(entry.rate),
      'cbc:Percent': percent(entry.rate),
      'cac:TaxScheme': { 'cbc:ID': 'VAT' },
    },
  }));
  const account = parties.sellerAccount;
  return {
    'ubl:Invoice': {
      'cbc:CustomizationID': PEPPOL_CUSTOMIZATION_ID,
      'cbc:ProfileID': PEPPOL_PROFILE_ID,
      'cbc:ID': invoice.number,
      'cbc:IssueDate': invoice.invoice_date,
      'cbc:DueDate': invoice.due_date,
      'cbc:InvoiceTypeCode': '380',
      ...(invoice.description ? { 'cbc:Note': [invoice.description] } : {}),
      'cbc:DocumentCurrencyCode': currency,
      // BT-10: Peppol wants a buyer reference or an order reference (PEPPOL-EN16931-R003).
      'cbc:BuyerReference': parties.buyer.usage_po_number || String(parties.buyer.customer_id),
      ...(invoice.contract_id ? { 'cac:ContractDocumentReference': { 'cbc:ID': invoice.contract_id } } : {}),
      'cac:AccountingSupplierParty': { 'cac:Party': seller },
      'cac:AccountingCustomerParty': { 'cac:Party': buyer },
      ...(account
        ? {
            'cac:PaymentMeans': [
              {
                'cbc:PaymentMeansCode': '30',
                'cbc:PaymentMeansCode@name': 'Credit transfer',
                'cbc:PaymentID': invoice.payment_reference,
                'cac:PayeeFinancialAccount': {
                  'cbc:ID': account.iban.replace(/\s+/g, ''),
                  'cbc:Name': account.account_holder,
                  ...(account.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': account.bic } } : {}),
                },
              },
            ],
          }
        : {}),
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': invoice.vat_amount,
          'cbc:TaxAmount@currencyID': currency,
          'cac:TaxSubtotal': subtotals,
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': invoice.net_amount,
        'cbc:LineExtensionAmount@currencyID': currency,
        'cbc:TaxExclusiveAmount': invoice.net_amount,
        'cbc:TaxExclusiveAmount@currencyID': currency,
        'cbc:TaxInclusiveAmount': invoice.amount,
        'cbc:TaxInclusiveAmount@currencyID': currency,
        ...(prepaid > 0n
          ? { 'cbc:PrepaidAmount': fromCents(prepaid), 'cbc:PrepaidAmount@currencyID': currency }
          : {}),
        'cbc:PayableAmount': invoice.amount_due,
        'cbc:PayableAmount@currencyID': currency,
      },
      'cac:InvoiceLine': invoice.lines.map((line) => ({
        'cbc:ID': String(line.position),
        'cbc:InvoicedQuantity': line.quantity,
        'cbc:InvoicedQuantity@unitCode': unitCode(line.unit),
        'cbc:LineExtensionAmount': line.amount,
        'cbc:LineExtensionAmount@currencyID': currency,
        ...(line.period_start || line.period_end
          ? {
              'cac:InvoicePeriod': {
                ...(line.period_start ? { 'cbc:StartDate': line.period_start } : {}),
                ...(line.period_end ? { 'cbc:EndDate': line.period_end } : {}),
              },
            }
          : {}),
        'cac:Item': {
          'cbc:Name': line.description,
          'cac:ClassifiedTaxCategory': {
            'cbc:ID': vatCategory(line.vat_rate),
            'cbc:Percent': percent(line.vat_rate),
            'cac:TaxScheme': { 'cbc:ID': 'VAT' },
          },
        },
        'cac:Price': priceOf(line),
      })),
    },
  };
}

type Generator = (data: unknown) => Promise<string>;
let generator: Promise<Generator> | undefined;

/**
 * The library's UBL generator, loaded on first use (it is large and the start-up stays quick), with
 * its JSON schema compiled once: its InvoiceService compiles it on every call, which takes longer
 * than rendering. The same steps as InvoiceService.generate otherwise: validate, fill defaults, write.
 */
function loadGenerator(): Promise<Generator> {
  generator ??= (async () => {
    const [{ FormatFactoryService, invoiceSchema }, { default: ajv }] = await Promise.all([
      import('@e-invoice-eu/core'),
      import('ajv/dist/2019.js'),
    ]);
    const silent = { log() {}, warn() {}, error() {} };
    const formatter = new FormatFactoryService().createFormatService('UBL', silent);
    const schema = structuredClone(invoiceSchema);
    formatter.patchSchema(schema);
    // ajv is CommonJS: its module object is the default import, the class its `default`.
    const Ajv2019 = ajv.default;
    const validate = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
    return async (data: unknown) => {
      const copy = structuredClone(data) as Parameters<typeof formatter.generate>[0];
      if (!validate(copy)) {
        const details = (validate.errors ?? [])
          .slice(0, 5)
          .map((error) => `${error.instancePath} ${error.message}`)
          .join('; ');
        throw new Error(`UBL data refused by the EN 16931 schema: ${details}`);
      }
      formatter.fillInvoiceDefaults(copy);
      const xml = await formatter.generate(copy, { format: 'UBL', lang: 'en-us' });
      return typeof xml === 'string' ? xml : Buffer.from(xml).toString('utf8');
    };
  })();
  generator.catch(() => {
    generator = undefined;
  });
  return generator;
}

/** The invoice as Peppol BIS Billing 3.0 UBL (UTF-8 XML). */
export async function renderInvoiceUbl(invoice: Invoice, parties: UblParties): Promise<string> {
  const data = ublInvoiceData(invoice, parties);
  return (await loadGenerator())(data);
}
