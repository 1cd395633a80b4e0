package hashembed

// foldLo is the first rune of fold.
const foldLo = 0x00C0

// fold maps a lower-case Latin letter in U+00C0–U+024F to the ASCII letters
// of its canonical decomposition with the marks removed ("é" → "e", "ñ" →
// "n"), or to a conventional spelling for letters without one ("ß" → "ss",
// "æ" → "ae", "ø" → "o", "ł" → "l", "þ" → "th"). An empty entry keeps the
// rune as it is. The table is data: changing it changes every vector, so
// the golden test fails until testdata is refreshed.
var fold = [...]string{
	0x0DF - foldLo: "ss", 0x0E0 - foldLo: "a", 0x0E1 - foldLo: "a", 0x0E2 - foldLo: "a",
	0x0E3 - foldLo: "a", 0x0E4 - foldLo: "a", 0x0E5 - foldLo: "a", 0x0E6 - foldLo: "ae",
	0x0E7 - foldLo: "c", 0x0E8 - foldLo: "e", 0x0E9 - foldLo: "e", 0x0EA - foldLo: "e",
	0x0EB - foldLo: "e", 0x0EC - foldLo: "i", 0x0ED - foldLo: "i", 0x0EE - foldLo: "i",
	0x0EF - foldLo: "i", 0x0F0 - foldLo: "d", 0x0F1 - foldLo: "n", 0x0F2 - foldLo: "o",
	0x0F3 - foldLo: "o", 0x0F4 - foldLo: "o", 0x0F5 - foldLo: "o", 0x0F6 - foldLo: "o",
	0x0F8 - foldLo: "o", 0x0F9 - foldLo: "u", 0x0FA - foldLo: "u", 0x0FB - foldLo: "u",
	0x0FC - foldLo: "u", 0x0FD - foldLo: "y", 0x0FE - foldLo: "th", 0x0FF - foldLo: "y",
	0x101 - foldLo: "a", 0x103 - foldLo: "a", 0x105 - foldLo: "a", 0x107 - foldLo: "c",
	0x109 - foldLo: "c", 0x10B - foldLo: "c", 0x10D - foldLo: "c", 0x10F - foldLo: "d",
	0x111 - foldLo: "d", 0x113 - foldLo: "e", 0x115 - foldLo: "e", 0x117 - foldLo: "e",
	0x119 - foldLo: "e", 0x11B - foldLo: "e", 0x11D - foldLo: "g", 0x11F - foldLo: "g",
	0x121 - foldLo: "g", 0x123 - foldLo: "g", 0x125 - foldLo: "h", 0x127 - foldLo: "h",
	0x129 - foldLo: "i", 0x12B - foldLo: "i", 0x12D - foldLo: "i", 0x12F - foldLo: "i",
	0x131 - foldLo: "i", 0x133 - foldLo: "ij", 0x135 - foldLo: "j", 0x137 - foldLo: "k",
	0x138 - foldLo: "k", 0x13A - foldLo: "l", 0x13C - foldLo: "l", 0x13E - foldLo: "l",
	0x140 - foldLo: "l", 0x142 - foldLo: "l", 0x144 - foldLo: "n", 0x146 - foldLo: "n",
	0x148 - foldLo: "n", 0x14B - foldLo: "n", 0x14D - foldLo: "o", 0x14F - foldLo: "o",
	0x151 - foldLo: "o", 0x153 - foldLo: "oe", 0x155 - foldLo: "r", 0x157 - foldLo: "r",
	0x159 - foldLo: "r", 0x15B - foldLo: "s", 0x15D - foldLo: "s", 0x15F - foldLo: "s",
	0x161 - foldLo: "s", 0x163 - foldLo: "t", 0x165 - foldLo: "t", 0x167 - foldLo: "t",
	0x169 - foldLo: "u", 0x16B - foldLo: "u", 0x16D - foldLo: "u", 0x16F - foldLo: "u",
	0x171 - foldLo: "u", 0x173 - foldLo: "u", 0x175 - foldLo: "w", 0x177 - foldLo: "y",
	0x17A - foldLo: "z", 0x17C - foldLo: "z", 0x17E - foldLo: "z", 0x17F - foldLo: "s",
	0x180 - foldLo: "b", 0x188 - foldLo: "c", 0x18C - foldLo: "d", 0x192 - foldLo: "f",
	0x199 - foldLo: "k", 0x19A - foldLo: "l", 0x19E - foldLo: "n", 0x1A1 - foldLo: "o",
	0x1A5 - foldLo: "p", 0x1AB - foldLo: "t", 0x1AD - foldLo: "t", 0x1B0 - foldLo: "u",
	0x1B4 - foldLo: "y", 0x1B6 - foldLo: "z", 0x1C6 - foldLo: "dz", 0x1C9 - foldLo: "lj",
	0x1CC - foldLo: "nj", 0x1CE - foldLo: "a", 0x1D0 - foldLo: "i", 0x1D2 - foldLo: "o",
	0x1D4 - foldLo: "u", 0x1D6 - foldLo: "u", 0x1D8 - foldLo: "u", 0x1DA - foldLo: "u",
	0x1DC - foldLo: "u", 0x1DF - foldLo: "a", 0x1E1 - foldLo: "a", 0x1E5 - foldLo: "g",
	0x1E7 - foldLo: "g", 0x1E9 - foldLo: "k", 0x1EB - foldLo: "o", 0x1ED - foldLo: "o",
	0x1F0 - foldLo: "j", 0x1F3 - foldLo: "dz", 0x1F5 - foldLo: "g", 0x1F9 - foldLo: "n",
	0x1FB - foldLo: "a", 0x201 - foldLo: "a", 0x203 - foldLo: "a", 0x205 - foldLo: "e",
	0x207 - foldLo: "e", 0x209 - foldLo: "i", 0x20B - foldLo: "i", 0x20D - foldLo: "o",
	0x20F - foldLo: "o", 0x211 - foldLo: "r", 0x213 - foldLo: "r", 0x215 - foldLo: "u",
	0x217 - foldLo: "u", 0x219 - foldLo: "s", 0x21B - foldLo: "t", 0x21F - foldLo: "h",
	0x225 - foldLo: "z", 0x227 - foldLo: "a", 0x229 - foldLo: "e", 0x22B - foldLo: "o",
	0x22D - foldLo: "o", 0x22F - foldLo: "o", 0x231 - foldLo: "o", 0x233 - foldLo: "y",
	0x23C - foldLo: "c", 0x247 - foldLo: "e", 0x249 - foldLo: "j", 0x24D - foldLo: "r",
	0x24F - foldLo: "y",
}
