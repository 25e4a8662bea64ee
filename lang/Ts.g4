// Ts: the Python 3 subset of the Ts language (lang/README.md is the reference).
// Generated at build time for the C++ target by Debian's antlr4 (4.7.2) and linked against the
// 4.9 runtime. Only src/frontend/parse/ sees the generated classes; they convert to our own AST.
// src/frontend/parse/parser.cpp parses this grammar by hand first and leaves to the generated
// parser what it declines: a change here needs the same change there (tests/parse/parse_diff).
//
// Indentation: the lexer rule NEWLINE is raw; TsLexer::nextToken (src/frontend/parse/
// lexer_indent.cpp) drops NEWLINEs inside brackets and on blank lines, and emits INDENT/DEDENT
// from the column of the first token on each logical line (tabs to the next multiple of 8).
// Rules are left-factored so that SLL prediction decides almost everything with one token.
grammar Ts;

tokens { INDENT, DEDENT }

@lexer::members {
 public:
  std::unique_ptr<antlr4::Token> nextToken() override;
  // Lexical problems found while making INDENT/DEDENT (offset, message), read by the converter.
  std::vector<std::pair<size_t, std::string>> indent_errors;
 private:
  std::unique_ptr<antlr4::Token> make_token(size_t type, const antlr4::Token& at);
  std::deque<std::unique_ptr<antlr4::Token>> pending_;
  std::vector<int> indents_;
  int depth_ = 0;
  bool at_line_start_ = true;
  bool emitted_any_ = false;
  bool last_was_newline_ = true;
}

@lexer::header {
#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>
}

// ---- statements -------------------------------------------------------------------------

file_input: (NEWLINE | stmt)* EOF;

stmt: simple_stmts | compound_stmt;

simple_stmts: simple_stmt (';' simple_stmt)* ';'? NEWLINE;

simple_stmt
    : expr_stmt
    | 'del' exprlist
    | 'pass'
    | 'break'
    | 'continue'
    | 'return' testlist_star_expr?
    | 'raise' (test ('from' test)?)?
    | 'global' NAME (',' NAME)*
    | 'nonlocal' NAME (',' NAME)*
    | 'assert' test (',' test)?
    | import_name
    | import_from
    ;

// Assignment, augmented assignment, annotated assignment or a bare expression.
expr_stmt: testlist_star_expr (annassign | augassign testlist | ('=' testlist_star_expr)*);
annassign: ':' test ('=' testlist_star_expr)?;
augassign: '+=' | '-=' | '*=' | '@=' | '/=' | '%=' | '&=' | '|=' | '^=' | '<<=' | '>>=' | '**=' | '//=';

import_name: 'import' dotted_as_name (',' dotted_as_name)*;
import_from: 'from' ('.'* dotted_name | '.'+) 'import' ('*' | '(' import_as_names ')' | import_as_names);
import_as_name: NAME ('as' NAME)?;
dotted_as_name: dotted_name ('as' NAME)?;
import_as_names: import_as_name (',' import_as_name)* ','?;
dotted_name: NAME ('.' NAME)*;

compound_stmt: if_stmt | while_stmt | for_stmt | try_stmt | with_stmt | funcdef | classdef | decorated;

if_stmt: 'if' test ':' suite ('elif' test ':' suite)* ('else' ':' suite)?;
while_stmt: 'while' test ':' suite ('else' ':' suite)?;
for_stmt: 'for' exprlist 'in' testlist ':' suite ('else' ':' suite)?;
try_stmt: 'try' ':' suite ((except_clause ':' suite)+ ('else' ':' suite)? ('finally' ':' suite)? | 'finally' ':' suite);
except_clause: 'except' (test ('as' NAME)?)?;
with_stmt: 'with' with_item (',' with_item)* ':' suite;
with_item: test ('as' expr)?;

decorated: decorator+ (classdef | funcdef);
decorator: '@' dotted_name ('(' arglist? ')')? NEWLINE;
funcdef: 'def' NAME '(' paramlist? ')' ('->' test)? ':' suite;
// Order (defaults after required, `*` before keyword-only) is checked by the converter.
paramlist: param (',' param)* ','?;
param: NAME (':' test)? ('=' test)? | '*' (NAME (':' test)?)? | '**' NAME (':' test)? | '/';
classdef: 'class' NAME ('(' arglist? ')')? ':' suite;

suite: simple_stmts | NEWLINE INDENT stmt+ DEDENT;

// ---- expressions (Python's precedence, lowest first) ---------------------------------------

test: or_test ('if' or_test 'else' test)? | lambdef;
test_nocond: or_test | lambdef_nocond;
lambdef: 'lambda' lambda_params? ':' test;
lambdef_nocond: 'lambda' lambda_params? ':' test_nocond;
lambda_params: lambda_param (',' lambda_param)* ','?;
lambda_param: NAME ('=' test)? | '*' NAME? | '**' NAME;

or_test: and_test ('or' and_test)*;
and_test: not_test ('and' not_test)*;
not_test: 'not' not_test | comparison;
comparison: expr (comp_op expr)*;
comp_op: '<' | '>' | '==' | '>=' | '<=' | '!=' | 'in' | 'not' 'in' | 'is' 'not'?;
star_expr: '*' expr;
expr: xor_expr ('|' xor_expr)*;
xor_expr: and_expr ('^' and_expr)*;
and_expr: shift_expr ('&' shift_expr)*;
shift_expr: arith_expr (('<<' | '>>') arith_expr)*;
arith_expr: term (('+' | '-') term)*;
term: factor (('*' | '@' | '/' | '%' | '//') factor)*;
factor: ('+' | '-' | '~') factor | power;
power: atom_expr ('**' factor)?;
atom_expr: atom trailer*;

atom
    : '(' testlist_comp? ')'
    | '[' testlist_comp? ']'
    | '{' dictorsetmaker? '}'
    | NAME
    | INTEGER
    | FLOAT_NUMBER
    | IMAG_NUMBER
    | STRING+
    | '...'
    | 'None'
    | 'True'
    | 'False'
    ;

testlist_comp: (test | star_expr) (comp_for | (',' (test | star_expr))* ','?);
trailer: '(' arglist? ')' | '[' subscriptlist ']' | '.' NAME;
subscriptlist: subscript (',' subscript)* ','?;
subscript: test (':' test? sliceop?)? | ':' test? sliceop?;
sliceop: ':' test?;
exprlist: (expr | star_expr) (',' (expr | star_expr))* ','?;
testlist: test (',' test)* ','?;
testlist_star_expr: (test | star_expr) (',' (test | star_expr))* ','?;
dictorsetmaker
    : (test ':' test | '**' expr) (comp_for | (',' (test ':' test | '**' expr))* ','?)
    | (test | star_expr) (comp_for | (',' (test | star_expr))* ','?)
    ;

arglist: argument (',' argument)* ','?;
// `NAME = value` is parsed as test '=' test; the converter checks the left side is a name.
argument: test ('=' test | comp_for)? | '**' test | '*' test;

comp_iter: comp_for | comp_if;
comp_for: 'for' exprlist 'in' or_test comp_iter?;
comp_if: 'if' test_nocond comp_iter?;

// ---- lexer -------------------------------------------------------------------------------

// Reserved words the grammar does not use, so that they give a clear "not supported" error.
YIELD: 'yield';
ASYNC: 'async';
AWAIT: 'await';

STRING: STRING_PREFIX? (SHORT_STRING | LONG_STRING);
// Longest match picks STRING when the literal is closed; these only win when it is not.
UNTERMINATED_STRING: STRING_PREFIX? ('\'' (STRING_ESCAPE_SEQ | ~[\\\r\n'])* | '"' (STRING_ESCAPE_SEQ | ~[\\\r\n"])*);
UNTERMINATED_LONG_STRING: STRING_PREFIX? ('\'\'\'' | '"""');

INTEGER: DECIMAL_INTEGER | OCT_INTEGER | HEX_INTEGER | BIN_INTEGER;
FLOAT_NUMBER: POINT_FLOAT | EXPONENT_FLOAT;
IMAG_NUMBER: (FLOAT_NUMBER | DIGIT_PART) [jJ];

NAME: [a-zA-Z_] [a-zA-Z0-9_]*;

LPAR: '(';
RPAR: ')';
LSQB: '[';
RSQB: ']';
LBRACE: '{';
RBRACE: '}';

NEWLINE: '\r'? '\n' | '\r';
SKIP_: (SPACES | COMMENT | LINE_JOINING) -> skip;

// Anything else: reported by the converter as an invalid character (the lexer never fails).
ERROR_CHAR: .;

fragment STRING_PREFIX: [rR] | [uU] | [fF] | [bB] | [fF] [rR] | [rR] [fF] | [bB] [rR] | [rR] [bB];
fragment SHORT_STRING: '\'' (STRING_ESCAPE_SEQ | ~[\\\r\n'])* '\'' | '"' (STRING_ESCAPE_SEQ | ~[\\\r\n"])* '"';
fragment LONG_STRING: '\'\'\'' LONG_STRING_ITEM*? '\'\'\'' | '"""' LONG_STRING_ITEM*? '"""';
fragment LONG_STRING_ITEM: ~'\\' | STRING_ESCAPE_SEQ;
fragment STRING_ESCAPE_SEQ: '\\' . | '\\' ('\r'? '\n');

fragment DECIMAL_INTEGER: NON_ZERO_DIGIT ('_'? DIGIT)* | '0'+ ('_'? '0')*;
fragment OCT_INTEGER: '0' [oO] ('_'? [0-7])+;
fragment HEX_INTEGER: '0' [xX] ('_'? [0-9a-fA-F])+;
fragment BIN_INTEGER: '0' [bB] ('_'? [01])+;
fragment NON_ZERO_DIGIT: [1-9];
fragment DIGIT: [0-9];
fragment POINT_FLOAT: DIGIT_PART? FRACTION | DIGIT_PART '.';
fragment EXPONENT_FLOAT: (DIGIT_PART | POINT_FLOAT) EXPONENT;
fragment DIGIT_PART: DIGIT ('_'? DIGIT)*;
fragment FRACTION: '.' DIGIT_PART;
fragment EXPONENT: [eE] [+-]? DIGIT_PART;

fragment SPACES: [ \t\f]+;
fragment COMMENT: '#' ~[\r\n]*;
fragment LINE_JOINING: '\\' [ \t]* ('\r'? '\n' | '\r');
