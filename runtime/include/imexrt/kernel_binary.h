/* Part of imexc, under the Apache License v2.0 with LLVM Exceptions.
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/*
 * Layout of the kernel binary that the compiler attaches to a gpu.module
 * (the `gpu.binary` attribute) and hands to gpuModuleLoad(). Shared by the
 * compiler, which writes it, and libimexrt, which reads it. Plain C (C99 and
 * C++ compatible); its one function is the push-constant layout rule, which
 * both sides must apply alike. See docs/runtime-abi.md for the contract.
 *
 * A kernel binary is either
 *   - a raw SPIR-V module (first word IMEXKBIN_SPIRV_MAGIC): the OpenCL /
 *     Level Zero flavour, as IMEX produces it; or
 *   - a container starting with ImexKbinHeader ("IMEXKBIN").
 *
 * Container layout (all fields little-endian, offsets in bytes from the start
 * of the blob, no alignment required; the structs below have no padding, so
 * on a little-endian host they can be written with memcpy):
 *
 *   ImexKbinHeader                        at offset 0
 *   ImexKbinModule   x header.numModules  at IMEXKBIN_MODULES_OFFSET
 *   ImexKbinKernel   x header.numKernels  right after the module records
 *   names, ImexKbinArg tables and SPIR-V words anywhere after that
 *
 * At most one module per flavour. The kernel records are shared by all
 * modules: they describe the outlined gpu.func signatures (argument kinds),
 * which the Vulkan backend needs: in the Vulkan flavour a buffer or scalar
 * argument is a storage buffer at descriptor set 0, binding = argument
 * position, and a push-constant argument a member of the kernel's one
 * push-constant block.
 *
 * For a scalar, ImexKbinArg.bytes is the size of the value in its std430
 * struct{T} buffer in the Vulkan flavour. The compiler writes the size the
 * host passes (ParamDesc.size: i8 1, i16/f16 2, i32/f32 4, i64/f64/index 8,
 * a vector its padded size), which is right for every type whose Vulkan
 * size is the same, and also for `index`, which is an i32 in the Vulkan
 * flavour: the buffer then holds the 8-byte little-endian value and the
 * kernel's 32-bit load reads its low half. A writer may instead give the
 * device size (4 for an index); the runtime then narrows the host value,
 * reporting an error if it does not fit. The runtime zero-fills each scalar's
 * 4-byte-aligned slot, so a narrower value reads as zero-extended. For a
 * buffer, `bytes` is the pointer size (informational). Level Zero ignores
 * the table: it sets every argument with its ParamDesc size.
 *
 * A push-constant argument (IMEXKBIN_ARG_PUSH_CONSTANT) is a 4- or 8-byte
 * scalar (i32, f32, index, i64, f64) that the Vulkan flavour reads from the
 * kernel's push-constant block instead of a buffer of its own; `bytes` is
 * its size there (4 for an index). The block holds the push-constant
 * arguments in argument order, each at the first multiple of its size not
 * before the end of the previous one (imexkbinPushConstantOffset); the
 * compiler keeps the block within 128 bytes, the size every Vulkan device
 * supports. The runtime narrows a wider host value as for scalars.
 */
#ifndef IMEXRT_KERNEL_BINARY_H
#define IMEXRT_KERNEL_BINARY_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* First word of every SPIR-V module (in the module's byte order). */
#define IMEXKBIN_SPIRV_MAGIC 0x07230203u

/* The 8 bytes at the start of a container (no NUL terminator in the blob). */
#define IMEXKBIN_MAGIC "IMEXKBIN"
#define IMEXKBIN_MAGIC_BYTES 8
/* Version 2 adds each module's CRC-32; readers accept version 1 too. */
#define IMEXKBIN_VERSION 2u
#define IMEXKBIN_VERSION_WITHOUT_CHECKSUMS 1u
/* SPIR-V's universal limit on the id bound (spec 2.17): a larger bound is a
 * damaged module, which drivers may not survive. */
#define IMEXKBIN_SPIRV_MAX_ID_BOUND 4194303u

/* ImexKbinModule.flavour */
#define IMEXKBIN_FLAVOUR_OPENCL                                                \
  1u /* OpenCL / Level Zero: Kernel capability                                 \
      */
#define IMEXKBIN_FLAVOUR_VULKAN                                                \
  2u /* Vulkan: Shader capability, set 0 bindings */

/* ImexKbinArg.kind */
#define IMEXKBIN_ARG_BUFFER 0u /* memref, passed as its aligned pointer */
#define IMEXKBIN_ARG_SCALAR 1u /* integer, index or float value */
#define IMEXKBIN_ARG_PUSH_CONSTANT                                             \
  2u /* 4- or 8-byte scalar in the push-constant block */

/* The push-constant block every Vulkan device supports (the minimum of
 * maxPushConstantsSize); the compiler places no more than this. */
#define IMEXKBIN_PUSH_CONSTANT_BLOCK_BYTES 128u

typedef struct ImexKbinHeader {
  char magic[8];       /* IMEXKBIN_MAGIC */
  uint32_t version;    /* IMEXKBIN_VERSION */
  uint32_t numModules; /* ImexKbinModule records */
  uint32_t numKernels; /* ImexKbinKernel records */
  uint32_t reserved;   /* 0 */
} ImexKbinHeader;

typedef struct ImexKbinModule {
  uint32_t flavour; /* IMEXKBIN_FLAVOUR_* */
  uint32_t crc32;   /* of the SPIR-V bytes (CRC-32 as in zlib); version 2 */
  uint64_t offset;  /* of the SPIR-V words */
  uint64_t bytes;   /* multiple of 4 */
} ImexKbinModule;

typedef struct ImexKbinKernel {
  uint64_t nameOffset; /* entry point name, not NUL-terminated */
  uint32_t nameBytes;
  uint32_t numArgs; /* ImexKbinArg records at argsOffset */
  uint64_t argsOffset;
} ImexKbinKernel;

typedef struct ImexKbinArg {
  uint32_t kind; /* IMEXKBIN_ARG_* */
  uint32_t
      bytes; /* scalar: device-side size (see above); buffer: pointer size */
} ImexKbinArg;

#define IMEXKBIN_MODULES_OFFSET ((uint64_t)sizeof(ImexKbinHeader))

/* Offset in the push-constant block of a push-constant argument of `bytes`
 * (4 or 8) bytes that follows arguments ending at `blockEnd`. */
static inline uint32_t imexkbinPushConstantOffset(uint32_t blockEnd,
                                                  uint32_t bytes) {
  return (blockEnd + bytes - 1) / bytes * bytes;
}

#ifdef __cplusplus
static_assert(sizeof(ImexKbinHeader) == 24, "ImexKbinHeader layout");
static_assert(sizeof(ImexKbinModule) == 24, "ImexKbinModule layout");
static_assert(sizeof(ImexKbinKernel) == 24, "ImexKbinKernel layout");
static_assert(sizeof(ImexKbinArg) == 8, "ImexKbinArg layout");
} /* extern "C" */
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(sizeof(ImexKbinHeader) == 24, "ImexKbinHeader layout");
_Static_assert(sizeof(ImexKbinModule) == 24, "ImexKbinModule layout");
_Static_assert(sizeof(ImexKbinKernel) == 24, "ImexKbinKernel layout");
_Static_assert(sizeof(ImexKbinArg) == 8, "ImexKbinArg layout");
#endif

#endif /* IMEXRT_KERNEL_BINARY_H */
