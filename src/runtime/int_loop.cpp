// The unboxed-int instruction loop of the interpreter (interp.h, run_fast) and Python's
// floor division and modulo on 64-bit ints.
#include <atomic>
#include <climits>
#include <mutex>

#include "runtime/interp.h"
#include "runtime/interrupt.h"
#include "runtime/scalar_ops.h"

namespace ts::runtime {

int64_t floor_div(int64_t a, int64_t b) {
  if (b == 0) raise("ZeroDivisionError", "integer division or modulo by zero");
  if (b == -1) {
    if (a == INT64_MIN) int_overflow("//", a, b);
    return -a;
  }
  // 32-bit division is several times faster than 64-bit on most x86 cores.
  int64_t q = (a == int32_t(a) && b == int32_t(b)) ? int64_t(int32_t(a) / int32_t(b)) : a / b;
  if (q * b != a && ((a < 0) != (b < 0))) --q;
  return q;
}
int64_t floor_mod(int64_t a, int64_t b) {
  if (b == 0) raise("ZeroDivisionError", "integer division or modulo by zero");
  if (b == -1) return 0;
  int64_t r = (a == int32_t(a) && b == int32_t(b)) ? int64_t(int32_t(a) % int32_t(b)) : a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

// Runs unboxed-int instructions from `pc` until one that is not (or the end); `pc` is left on
// it (also when a division by zero raises, for the traceback). Threaded dispatch (GCC's
// labels as values): each handler jumps to the next one itself, which predicts far better
// than one shared switch (src/runtime/README.md, Note [Register code]).
__attribute__((optimize("no-crossjumping", "no-gcse"))) void run_fast(const FastInstr* code, size_t n, int64_t* N,
                                                                     size_t& pc_out) {
  // `code` ends with a kSlow sentinel at index n, so no handler checks bounds; pack() gives
  // every instruction either a fast op below or kSlow. Label addresses exist only inside this
  // function, so the table is filled on the first call.
  static const void* kLabels[256];
  static std::atomic<bool> ready{false};
  if (!ready.load(std::memory_order_acquire)) {
    static std::mutex mu;
    std::lock_guard<std::mutex> lock(mu);
    for (auto& l : kLabels) l = &&done;
#define L(x) kLabels[int(Opc::x)] = &&op_##x
    L(IAdd), L(ISub), L(IMul), L(IFloorDiv), L(IMod), L(ILt), L(ILe), L(IGt), L(IGe), L(IEq), L(INe);
    L(BNot), L(JLt), L(JLe), L(JGt), L(JGe), L(JEq), L(JNe), L(IFloorDivK), L(IModK), L(Jump);
    L(JumpIfNot), L(ForTest), L(SetInt);
#undef L
    ready.store(true, std::memory_order_release);
  }
  (void)n;
  size_t pc = pc_out;  // a local, so it stays in a register
  const FastInstr* f = &code[pc];
#define NEXT()              \
  do {                      \
    f = &code[++pc];        \
    goto* kLabels[f->op];   \
  } while (0)
#define JUMP(t)             \
  do {                      \
    pc = size_t(t);         \
    f = &code[pc];          \
    goto* kLabels[f->op];   \
  } while (0)
  goto* kLabels[f->op];
// Overflow raises (int_overflow); the branch is predicted not taken.
#define CHECKED(builtin, sym)                                                     \
  do {                                                                            \
    int64_t r_;                                                                   \
    if (__builtin_expect(builtin(N[f->a], N[f->b], &r_), 0)) {                    \
      pc_out = pc;                                                                \
      int_overflow(sym, N[f->a], N[f->b]);                                        \
    }                                                                             \
    N[f->o] = r_;                                                                 \
    NEXT();                                                                       \
  } while (0)
op_IAdd: CHECKED(__builtin_add_overflow, "+");
op_ISub: CHECKED(__builtin_sub_overflow, "-");
op_IMul: CHECKED(__builtin_mul_overflow, "*");
#undef CHECKED
op_IFloorDiv: pc_out = pc; N[f->o] = floor_div(N[f->a], N[f->b]); NEXT();
op_IMod: pc_out = pc; N[f->o] = floor_mod(N[f->a], N[f->b]); NEXT();
op_ILt: N[f->o] = N[f->a] < N[f->b]; NEXT();
op_ILe: N[f->o] = N[f->a] <= N[f->b]; NEXT();
op_IGt: N[f->o] = N[f->a] > N[f->b]; NEXT();
op_IGe: N[f->o] = N[f->a] >= N[f->b]; NEXT();
op_IEq: N[f->o] = N[f->a] == N[f->b]; NEXT();
op_INe: N[f->o] = N[f->a] != N[f->b]; NEXT();
op_BNot: N[f->o] = !N[f->a]; NEXT();
op_JLt: if (!(N[f->a] < N[f->b])) JUMP(f->target); NEXT();
op_JLe: if (!(N[f->a] <= N[f->b])) JUMP(f->target); NEXT();
op_JGt: if (!(N[f->a] > N[f->b])) JUMP(f->target); NEXT();
op_JGe: if (!(N[f->a] >= N[f->b])) JUMP(f->target); NEXT();
op_JEq: if (!(N[f->a] == N[f->b])) JUMP(f->target); NEXT();
op_JNe: if (!(N[f->a] != N[f->b])) JUMP(f->target); NEXT();
op_IFloorDivK:
op_IModK: {
  int64_t a = N[f->a], d = f->imm;
  if (a > INT32_MIN && a <= INT32_MAX) {
    uint64_t ua = uint64_t(a < 0 ? -a : a);
    uint64_t q = uint64_t((unsigned __int128)(ua)*f->magic >> 64);
    int64_t qq = int64_t(q), rr = int64_t(ua - q * uint64_t(d));
    if (a < 0) {  // floor toward -inf
      qq = -qq - (rr != 0);
      rr = rr ? d - rr : 0;
    }
    N[f->o] = Opc(f->op) == Opc::IModK ? rr : qq;
  } else {
    N[f->o] = Opc(f->op) == Opc::IModK ? floor_mod(a, d) : floor_div(a, d);
  }
  NEXT();
}
// A loop's back edge and head are the safe points where a SIGINT becomes KeyboardInterrupt: the
// interpreter raises it when run_fast returns there (Note [KeyboardInterrupt]).
op_Jump:
  if (f->target <= int32_t(pc) && __builtin_expect(interrupt_pending(), 0)) goto done;
  JUMP(f->target);
op_JumpIfNot: if (!N[f->a]) JUMP(f->target); NEXT();
op_ForTest: {
  if (__builtin_expect(interrupt_pending(), 0)) goto done;
  int64_t t = N[f->a];
  if (t >= N[f->b]) JUMP(f->target);
  N[f->o] = t;
  N[f->a] = t + 1;
  NEXT();
}
op_SetInt: N[f->o] = f->imm; NEXT();
done:
  pc_out = pc;
#undef NEXT
#undef JUMP
}

}  // namespace ts::runtime
