// Letter case of Unicode code points, for str's case methods: the C library's C.UTF-8 tables
// (simple one-to-one mappings, as Python's for nearly every letter), with ASCII computed
// directly. Where Python's full mapping makes more than one code point (ß upper-cases to "SS"),
// the callers say so; the other multi-code-point mappings (ŉ, ǰ, ΐ, ligatures) map to
// themselves here. Without the C.UTF-8 locale only ASCII letters have case.
#pragma once

#include <locale.h>
#include <wctype.h>

#include <cstdint>

namespace ts::util {

inline locale_t utf8_ctype() {
  static const locale_t loc = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
  return loc;
}

inline uint32_t to_upper_cp(uint32_t c) {
  if (c < 0x80) return c >= 'a' && c <= 'z' ? c - 32 : c;
  locale_t l = utf8_ctype();
  return l ? static_cast<uint32_t>(towupper_l(static_cast<wint_t>(c), l)) : c;
}
inline uint32_t to_lower_cp(uint32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z' ? c + 32 : c;
  locale_t l = utf8_ctype();
  return l ? static_cast<uint32_t>(towlower_l(static_cast<wint_t>(c), l)) : c;
}
// Title case: the upper case, except for the four Latin digraphs that have a title-case form of
// their own (ǅ ǈ ǋ ǲ), the only letters whose title case differs from their upper case among
// the one-to-one mappings.
inline uint32_t to_title_cp(uint32_t c) {
  if (c >= 0x1C4 && c <= 0x1CC) return 0x1C5 + 3 * ((c - 0x1C4) / 3);
  if (c >= 0x1F1 && c <= 0x1F3) return 0x1F2;
  return to_upper_cp(c);
}
// Upper case and not lower (Python's Lu); a title-case letter such as ǅ is neither.
inline bool is_upper_cp(uint32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z';
  locale_t l = utf8_ctype();
  return l && iswupper_l(static_cast<wint_t>(c), l) && !iswlower_l(static_cast<wint_t>(c), l);
}
inline bool is_lower_cp(uint32_t c) {
  if (c < 0x80) return c >= 'a' && c <= 'z';
  locale_t l = utf8_ctype();
  return l && iswlower_l(static_cast<wint_t>(c), l) && !iswupper_l(static_cast<wint_t>(c), l);
}
// Has case at all (upper, lower or title case).
inline bool is_cased_cp(uint32_t c) {
  if (c < 0x80) return (c | 32) >= 'a' && (c | 32) <= 'z';
  locale_t l = utf8_ctype();
  return l && (iswupper_l(static_cast<wint_t>(c), l) || iswlower_l(static_cast<wint_t>(c), l));
}
inline bool is_alpha_cp(uint32_t c) {
  if (c < 0x80) return (c | 32) >= 'a' && (c | 32) <= 'z';
  locale_t l = utf8_ctype();
  return l && iswalpha_l(static_cast<wint_t>(c), l);
}

}  // namespace ts::util
